//pass
//--blockDim=64 --gridDim=1
// The lower half-warp synchronises among itself with a 16-lane mask:
// every lane the mask names reaches the __syncwarp, and the exchange
// through shared memory stays inside the half-warp.
#include <cuda_runtime.h>

__global__ void halfWarpExchange(const float *in, float *out) {
  __shared__ float buf[64];
  unsigned lane = threadIdx.x % 32;
  if (lane < 16) {
    buf[threadIdx.x] = in[threadIdx.x];
    __syncwarp(0x0000ffffu);
    out[threadIdx.x] = buf[threadIdx.x ^ 1];
  }
}
