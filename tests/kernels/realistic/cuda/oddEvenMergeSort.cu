//pass
//--blockDim=256 --gridDim=32 --kernel-args=oddEvenMergeSortShared,1
// Batcher's odd-even merge sort from the sortingNetworks sample: each
// block sorts SHARED_SIZE_LIMIT keys and values in shared memory, two
// elements per thread, with a barrier before every compare-exchange step.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define SHARED_SIZE_LIMIT 512U

__device__ inline void Comparator(unsigned &keyA, unsigned &valA, unsigned &keyB, unsigned &valB,
                                  unsigned dir) {
  unsigned t;
  if ((keyA > keyB) == dir) {
    t = keyA; keyA = keyB; keyB = t;
    t = valA; valA = valB; valB = t;
  }
}

__global__ void oddEvenMergeSortShared(unsigned *d_DstKey, unsigned *d_DstVal,
                                       const unsigned *d_SrcKey, const unsigned *d_SrcVal,
                                       unsigned dir) {
  __shared__ unsigned s_key[SHARED_SIZE_LIMIT];
  __shared__ unsigned s_val[SHARED_SIZE_LIMIT];

  d_SrcKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  d_SrcVal += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  d_DstKey += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  d_DstVal += blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  s_key[threadIdx.x + 0] = d_SrcKey[0];
  s_val[threadIdx.x + 0] = d_SrcVal[0];
  s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcKey[(SHARED_SIZE_LIMIT / 2)];
  s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcVal[(SHARED_SIZE_LIMIT / 2)];

  for (unsigned size = 2; size <= SHARED_SIZE_LIMIT; size <<= 1) {
    unsigned stride = size / 2;
    unsigned offset = threadIdx.x & (stride - 1);
    {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], dir);
      stride >>= 1;
    }
    for (; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      if (offset >= stride)
        Comparator(s_key[pos - stride], s_val[pos - stride], s_key[pos + 0], s_val[pos + 0], dir);
    }
  }

  __syncthreads();
  d_DstKey[0] = s_key[threadIdx.x + 0];
  d_DstVal[0] = s_val[threadIdx.x + 0];
  d_DstKey[(SHARED_SIZE_LIMIT / 2)] = s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
  d_DstVal[(SHARED_SIZE_LIMIT / 2)] = s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
}

int main() {
  unsigned *d_k, *d_v, *d_ko, *d_vo;
  checkCudaErrors(cudaMalloc(&d_k, 32 * SHARED_SIZE_LIMIT * sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_v, 32 * SHARED_SIZE_LIMIT * sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_ko, 32 * SHARED_SIZE_LIMIT * sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_vo, 32 * SHARED_SIZE_LIMIT * sizeof(unsigned)));
  oddEvenMergeSortShared<<<32, SHARED_SIZE_LIMIT / 2>>>(d_ko, d_vo, d_k, d_v, 1);
  return 0;
}
