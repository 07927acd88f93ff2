//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=64 --kernel-args=histogram64NoClearSync,4096
//race on s_Hist
// The 64-bin histogram without the barrier after clearing the
// sub-histograms: a warp's atomicAdd may hit a bin another thread is still
// zeroing (a plain write against an atomic).
#include <cuda_runtime.h>

#define BINS 64
#define WARP_COUNT 2
typedef unsigned int uint;

__global__ void histogram64NoClearSync(uint *d_Histogram, const uint *d_Data, uint dataCount) {
  __shared__ uint s_Hist[WARP_COUNT * BINS];
  uint *s_WarpHist = s_Hist + (threadIdx.x >> 5) * BINS;
  for (uint i = threadIdx.x; i < WARP_COUNT * BINS; i += blockDim.x) s_Hist[i] = 0;
  for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
       pos += blockDim.x * gridDim.x)
    atomicAdd(s_WarpHist + ((d_Data[pos] & 0xFFU) >> 2), 1);
  __syncthreads();
  for (uint bin = threadIdx.x; bin < BINS; bin += blockDim.x)
    atomicAdd(d_Histogram + bin, s_Hist[bin] + s_Hist[BINS + bin]);
}
