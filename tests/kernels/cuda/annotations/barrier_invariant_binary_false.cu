//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//this assertion might not hold
// barrier_invariant_binary.cu with the pair the wrong way round: the
// relation does not hold for (2t + 1, 2t).
#include <cuda_runtime.h>
#define BLOCK 128

__global__ void bucket_bounds(const unsigned *keys, unsigned *widths) {
  __shared__ unsigned bound[2 * BLOCK];
  unsigned t = threadIdx.x;
  unsigned k = keys[blockIdx.x * BLOCK + t] % 1024u;
  bound[2 * t] = k;
  bound[2 * t + 1] = k + 16u;
  __barrier_invariant_binary_1(
      bound[threadIdx.x] + 16u == bound[__other_int(threadIdx.x)], 2 * t + 1, 2 * t);
  __syncthreads();
  widths[blockIdx.x * BLOCK + t] = bound[2 * t + 1] - bound[2 * t];
}
