//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//barrier may be reached by non-uniform control flow
// __syncthreads under two nested thread-dependent branches.
__global__ void sync_in_nested_divergent_if(int *a, int n) {
  int t = threadIdx.x;
  if (n > 0) {
    if (t < n) {
      __syncthreads();
    }
  }
  a[t] = n;
}
