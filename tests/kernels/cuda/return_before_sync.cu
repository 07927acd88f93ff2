//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//barrier may be reached by non-uniform control flow
// Threads past n return before __syncthreads.
__global__ void return_before_sync(int *a, int n) {
  int t = threadIdx.x;
  if (t >= n) return;
  __syncthreads();
  a[t] = 0;
}
