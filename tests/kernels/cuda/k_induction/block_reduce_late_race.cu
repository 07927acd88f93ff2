//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8 --no-infer --k-induction-depth=2
//possible (read-write|write-read) race on cache
// The last round (half == 1) also lets thread 1 read cache[0] while thread
// 0 writes it: the race is in the seventh iteration, after the two that
// depth 2 checks from the entry.
#include <cuda_runtime.h>

template <typename T, unsigned BLOCK>
__global__ void block_sum(const T *in, T *out) {
  __shared__ T cache[BLOCK];
  unsigned t = threadIdx.x;
  cache[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half != 0; half /= 2) {
    if (t < half)
      cache[t] += cache[t + half];
    if (half == 1 && t == 1)
      cache[BLOCK - 1] = cache[0];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = cache[0];
}

template __global__ void block_sum<int, 128>(const int *, int *);
