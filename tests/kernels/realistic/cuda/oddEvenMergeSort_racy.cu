//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32 --kernel-args=oddEvenMergeSortNoSync,1
//race on s_key
// The odd-even merge steps without the barrier before each
// compare-exchange: step k reads pairs step k-1 of other threads writes.
#include <cuda_runtime.h>

#define SHARED_SIZE_LIMIT 512U

__device__ inline void Comparator(unsigned &keyA, unsigned &keyB, unsigned dir) {
  if ((keyA > keyB) == dir) {
    unsigned t = keyA; keyA = keyB; keyB = t;
  }
}

__global__ void oddEvenMergeSortNoSync(unsigned *d_DstKey, const unsigned *d_SrcKey,
                                       unsigned dir) {
  __shared__ unsigned s_key[SHARED_SIZE_LIMIT];
  d_SrcKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  d_DstKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  s_key[threadIdx.x] = d_SrcKey[0];
  s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2] = d_SrcKey[SHARED_SIZE_LIMIT / 2];
  __syncthreads();
  for (unsigned size = 2; size <= SHARED_SIZE_LIMIT; size <<= 1) {
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      Comparator(s_key[pos], s_key[pos + stride], dir);
    }
  }
  __syncthreads();
  d_DstKey[0] = s_key[threadIdx.x];
  d_DstKey[SHARED_SIZE_LIMIT / 2] = s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2];
}
