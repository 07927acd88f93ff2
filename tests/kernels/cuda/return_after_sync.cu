//pass
//--blockDim=64 --gridDim=1
// Threads past n return, but only after the last __syncthreads.
__global__ void return_after_sync(int *a, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  if (t >= n) return;
  a[t] = s[(t + 1) % 64];
}
