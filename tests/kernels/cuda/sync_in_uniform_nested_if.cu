//pass
//--blockDim=64 --gridDim=2
// __syncthreads under nested branches on kernel arguments and blockIdx.
__global__ void sync_in_uniform_nested_if(int *a, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t * n;
  if (n > 0) {
    if (blockIdx.x < (unsigned)n) {
      __syncthreads();
      a[blockIdx.x * 64 + t] = s[63 - t];
    }
  }
}
