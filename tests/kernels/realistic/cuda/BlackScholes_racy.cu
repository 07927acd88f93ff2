//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=480
//race on d_Call
// Grid-stride loop whose stride forgets gridDim.x: block b's thread t and
// block b+1's thread t - blockDim.x ... write the same options.
#include <cuda_runtime.h>

__global__ void BlackScholesBadStride(float *d_Call, const float *d_S, const float *d_X, float R, int optN) {
  for (int opt = blockIdx.x + threadIdx.x; opt < optN; opt += blockDim.x) {
    float s = d_S[opt], x = d_X[opt];
    d_Call[opt] = s - x * __expf(-R) + (float)blockIdx.x;
  }
}
