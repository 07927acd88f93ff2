//xfail:NOT_ALL_VERIFIED
//--blockDim=192 --gridDim=240
//race on s_Hist
// Per-warp sub-histograms updated with a plain increment instead of
// atomicAdd: two threads of a warp with the same byte race.
#include <cuda_runtime.h>
typedef unsigned int uint;

__global__ void histogram256_plain(uint *d_PartialHistograms, const uint *d_Data, uint dataCount) {
  __shared__ uint s_Hist[6 * 256];
  uint *s_WarpHist = s_Hist + (threadIdx.x >> 5) * 256;
  for (uint i = 0; i < 8; i++) s_Hist[threadIdx.x + i * 192] = 0;
  __syncthreads();
  for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount; pos += blockDim.x * gridDim.x) {
    uint data = d_Data[pos];
    s_WarpHist[data & 0xFFU]++;
  }
  __syncthreads();
  for (uint bin = threadIdx.x; bin < 256; bin += 192) {
    uint sum = 0;
    for (uint i = 0; i < 6; i++) sum += s_Hist[bin + i * 256];
    d_PartialHistograms[blockIdx.x * 256 + bin] = sum;
  }
}
