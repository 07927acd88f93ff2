//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//barrier may be reached by non-uniform control flow|divergence
// __syncwarp() with the full mask inside a branch only half of each warp
// takes: the other 16 lanes named by the mask never arrive.
#include <cuda_runtime.h>

__global__ void halfWarpSync(float *data) {
  unsigned lane = threadIdx.x % 32;
  if (lane < 16) {
    data[threadIdx.x] *= 2.0f;
    __syncwarp();
  }
}
