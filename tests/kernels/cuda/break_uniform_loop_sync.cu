//pass
//--blockDim=64 --gridDim=1
// A break on a kernel argument leaves a uniform loop with a barrier.
__global__ void break_uniform_loop_sync(int *a, int n, int m) {
  for (int i = 0; i < n; i++) {
    if (i == m) break;
    __syncthreads();
  }
  a[threadIdx.x] = n;
}
