//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
//race on d_Random
// Output indexed row-major per generator with the wrong row length
// (nPerRng hard-coded smaller than the real count): generators overlap.
#include <cuda_runtime.h>
#define MT_RNG_COUNT 4096

__global__ void RandomGPUOverlap(float *d_Random, const unsigned int *seeds, int nPerRng) {
  const int tid = blockDim.x * blockIdx.x + threadIdx.x;
  for (int iRng = tid; iRng < MT_RNG_COUNT; iRng += blockDim.x * gridDim.x) {
    unsigned int x = seeds[iRng];
    for (int iOut = 0; iOut < nPerRng; iOut++) {
      x ^= x << 13; x ^= x >> 17; x ^= x << 5;
      d_Random[iRng * 16 + iOut] = (float)x * 2.3283064e-10f;
    }
  }
}
