//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=128
//race on sKeys
// The split pass without the barrier between the scatter and reading the
// thread's key back.
#include <cuda_runtime.h>
typedef unsigned int uint;

__global__ void radixSplitNoSync(uint *keys, uint bit) {
  __shared__ uint sKeys[256];
  __shared__ uint sScan[256];
  uint tid = threadIdx.x;
  uint key = keys[blockIdx.x * 256 + tid];
  uint f = !((key >> bit) & 1);
  sScan[tid] = f;
  __syncthreads();
  for (uint off = 1; off < 256; off <<= 1) {
    uint t = (tid >= off) ? sScan[tid - off] : 0;
    __syncthreads();
    sScan[tid] += t;
    __syncthreads();
  }
  uint totalF = sScan[255];
  uint falses = sScan[tid] - f;
  uint dest = f ? falses : tid - falses + totalF;
  sKeys[dest] = key;
  keys[blockIdx.x * 256 + tid] = sKeys[tid];
}
