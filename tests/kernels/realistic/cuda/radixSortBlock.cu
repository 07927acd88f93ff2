//pass
//--blockDim=256 --gridDim=128
// One pass of a block-local LSD radix sort on 1-bit digits (split):
// each thread flags its key, an exclusive scan of the flags in shared
// memory gives the destinations, keys are scattered within the tile.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#define CTA_SIZE 256
typedef unsigned int uint;

__device__ uint scanBlockExclusive(uint *s, uint val) {
  uint tid = threadIdx.x;
  s[tid] = val;
  __syncthreads();
  for (uint offset = 1; offset < CTA_SIZE; offset <<= 1) {
    uint t = (tid >= offset) ? s[tid - offset] : 0;
    __syncthreads();
    s[tid] += t;
    __syncthreads();
  }
  uint incl = s[tid];
  __syncthreads();
  return incl - val;
}

__global__ void radixSortBlocks(uint *keysOut, const uint *keysIn, uint startbit, uint nbits) {
  __shared__ uint sKeys[CTA_SIZE];
  __shared__ uint sScan[CTA_SIZE];
  __shared__ uint totalFalses;
  uint tid = threadIdx.x;
  const uint *in = keysIn + blockIdx.x * CTA_SIZE;
  uint key = in[tid];
  for (uint shift = startbit; shift < startbit + nbits; ++shift) {
    uint lsb = (key >> shift) & 1;
    uint falses = scanBlockExclusive(sScan, !lsb);
    if (tid == CTA_SIZE - 1) totalFalses = falses + !lsb;
    __syncthreads();
    uint dest = lsb ? (tid - falses + totalFalses) : falses;
    sKeys[dest] = key;
    __syncthreads();
    key = sKeys[tid];
    __syncthreads();
  }
  keysOut[blockIdx.x * CTA_SIZE + tid] = key;
}
