//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
//race on blockCount
// Per-block count incremented with a plain += by every matching thread.
#include <cuda_runtime.h>

__global__ void countMatchesPlain(const int *data, int n, int key, unsigned int *total) {
  __shared__ unsigned int blockCount;
  if (threadIdx.x == 0) blockCount = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    if (data[i] == key) blockCount += 1;
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(total, blockCount);
}
