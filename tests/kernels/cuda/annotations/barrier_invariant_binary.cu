//pass
//--blockDim=128 --gridDim=16
// Pairwise barrier invariant in CUDA: every thread writes a key and its
// successor's lower bound into two neighbouring slots; the binary
// invariant (pair (2t, 2t+1)) keeps the two slots ordered across the
// barrier, which the bucket index after it relies on.
#include <cuda_runtime.h>
#define BLOCK 128

__global__ void bucket_bounds(const unsigned *keys, unsigned *widths) {
  __shared__ unsigned bound[2 * BLOCK];
  unsigned t = threadIdx.x;
  unsigned k = keys[blockIdx.x * BLOCK + t] % 1024u;
  bound[2 * t] = k;
  bound[2 * t + 1] = k + 16u;
  __barrier_invariant_binary_1(
      bound[threadIdx.x] + 16u == bound[__other_int(threadIdx.x)], 2 * t, 2 * t + 1);
  __syncthreads();
  __assert(bound[2 * t + 1] - bound[2 * t] == 16u);
  widths[blockIdx.x * BLOCK + t] = bound[2 * t + 1] - bound[2 * t];
}
