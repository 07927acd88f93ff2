//pass
//--blockDim=128 --gridDim=2
// The block decides together whether to run a second pass: the result of
// __syncthreads_or is the same in every thread, so the __syncthreads in
// the branch is reached uniformly.
#include <cuda_runtime.h>

__global__ void maybeSecondPass(const int *flags, float *data) {
  __shared__ float tile[128];
  unsigned t = threadIdx.x;
  tile[t] = data[blockIdx.x * 128 + t];
  int again = __syncthreads_or(flags[blockIdx.x * 128 + t] != 0);
  if (again) {
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
