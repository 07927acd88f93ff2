//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=2
//barrier may be reached by non-uniform control flow
// The second pass is decided by each thread's own flag instead of the
// block's __syncthreads_or: the __syncthreads in the branch diverges.
#include <cuda_runtime.h>

__global__ void maybeSecondPass(const int *flags, float *data) {
  __shared__ float tile[128];
  unsigned t = threadIdx.x;
  tile[t] = data[blockIdx.x * 128 + t];
  int again = __syncthreads_or(flags[blockIdx.x * 128 + t] != 0);
  if (flags[blockIdx.x * 128 + t] != 0) {
    float v = tile[(t + 1) % 128];
    __syncthreads();
    tile[t] = v;
    __syncthreads();
  }
  int all = __syncthreads_and(tile[t] > 0.0f);
  if (all) {
    __syncthreads();
    data[blockIdx.x * 128 + t] = tile[127 - t];
  }
}
