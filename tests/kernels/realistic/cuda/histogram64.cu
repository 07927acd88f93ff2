//pass
//--blockDim=64 --gridDim=64 --kernel-args=histogram64Kernel,4096
// The 64-bin histogram in the histogram sample's later style: one
// sub-histogram per warp in shared memory updated with shared atomics
// (bins from the top 6 bits of each byte), cleared and merged with
// barriers, then one global atomicAdd per bin per block; and the merge
// kernel summing per-block partial histograms by a shared tree.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define HISTOGRAM64_BIN_COUNT 64
#define WARP_COUNT 2
#define MERGE_THREADBLOCK_SIZE 64

typedef unsigned int uint;
typedef unsigned char uchar;

__device__ inline void addByte(uint *s_WarpHist, uint data) {
  atomicAdd(s_WarpHist + (data >> 2), 1);
}

__device__ inline void addWord(uint *s_WarpHist, uint data) {
  addByte(s_WarpHist, (data >> 0) & 0xFFU);
  addByte(s_WarpHist, (data >> 8) & 0xFFU);
  addByte(s_WarpHist, (data >> 16) & 0xFFU);
  addByte(s_WarpHist, (data >> 24) & 0xFFU);
}

__global__ void histogram64Kernel(uint *d_Histogram, const uint *d_Data, uint dataCount) {
  __shared__ uint s_Hist[WARP_COUNT * HISTOGRAM64_BIN_COUNT];
  uint *s_WarpHist = s_Hist + (threadIdx.x >> 5) * HISTOGRAM64_BIN_COUNT;

  for (uint i = threadIdx.x; i < WARP_COUNT * HISTOGRAM64_BIN_COUNT; i += blockDim.x)
    s_Hist[i] = 0;
  __syncthreads();

  for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
       pos += blockDim.x * gridDim.x)
    addWord(s_WarpHist, d_Data[pos]);
  __syncthreads();

  for (uint bin = threadIdx.x; bin < HISTOGRAM64_BIN_COUNT; bin += blockDim.x) {
    uint sum = 0;
    for (uint w = 0; w < WARP_COUNT; w++) sum += s_Hist[w * HISTOGRAM64_BIN_COUNT + bin];
    atomicAdd(d_Histogram + bin, sum);
  }
}

__global__ void mergeHistogram64Kernel(uint *d_Histogram, const uint *d_PartialHistograms,
                                       uint histogramCount) {
  __shared__ uint data[MERGE_THREADBLOCK_SIZE];
  uint sum = 0;
  for (uint i = threadIdx.x; i < histogramCount; i += MERGE_THREADBLOCK_SIZE)
    sum += d_PartialHistograms[blockIdx.x + i * HISTOGRAM64_BIN_COUNT];
  data[threadIdx.x] = sum;
  for (uint stride = MERGE_THREADBLOCK_SIZE / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
  }
  if (threadIdx.x == 0) d_Histogram[blockIdx.x] = data[0];
}

int main() {
  uint *d_Histogram, *d_Data;
  checkCudaErrors(cudaMalloc(&d_Data, 4096 * sizeof(uint)));
  checkCudaErrors(cudaMalloc(&d_Histogram, HISTOGRAM64_BIN_COUNT * sizeof(uint)));
  checkCudaErrors(cudaMemset(d_Histogram, 0, HISTOGRAM64_BIN_COUNT * sizeof(uint)));
  histogram64Kernel<<<64, 64>>>(d_Histogram, d_Data, 4096);
  return 0;
}
