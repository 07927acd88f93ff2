//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=64 --kernel-args=bitonicSortSyncMisplaced,1024,1
//race on s_key
// Bitonic merge with the __syncthreads after the compare-exchange instead
// of before it: the first stride of each size reads keys the previous
// stride is still writing.
#include <cuda_runtime.h>
typedef unsigned int uint;

__global__ void bitonicSortSyncMisplaced(uint *d_Key, uint arrayLength, uint dir) {
  __shared__ uint s_key[1024];
  d_Key += blockIdx.x * 1024 + threadIdx.x;
  s_key[threadIdx.x] = d_Key[0];
  s_key[threadIdx.x + 512] = d_Key[512];
  for (uint size = 2; size <= arrayLength; size <<= 1) {
    uint ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
    for (uint stride = size / 2; stride > 0; stride >>= 1) {
      uint pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      uint a = s_key[pos], b = s_key[pos + stride];
      if ((a > b) == ddd) { s_key[pos] = b; s_key[pos + stride] = a; }
    }
    __syncthreads();
  }
  d_Key[0] = s_key[threadIdx.x];
  d_Key[512] = s_key[threadIdx.x + 512];
}
