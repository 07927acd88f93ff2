//pass
//--blockDim=256 --gridDim=64 --kernel-args=shfl_scan_test,32 --kernel-args=uniform_add,16384
// Block-wide inclusive scan built from warp shuffles (the shuffle-scan
// sample): warp scans, warp sums through shared memory, scan of the sums
// by warp 0, and the uniform add of block partial sums.
#include <cuda_runtime.h>
#include <helper_cuda.h>

__global__ void shfl_scan_test(int *data, int width, int *partial_sums = NULL) {
  extern __shared__ int sums[];
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  int lane_id = id % warpSize;
  int warp_id = threadIdx.x / warpSize;
  int value = data[id];
#pragma unroll
  for (int i = 1; i <= width; i *= 2) {
    unsigned int mask = 0xffffffff;
    int n = __shfl_up_sync(mask, value, i, width);
    if (lane_id >= i) value += n;
  }
  if (threadIdx.x % warpSize == warpSize - 1) sums[warp_id] = value;
  __syncthreads();
  if (warp_id == 0 && lane_id < (blockDim.x / warpSize)) {
    int warp_sum = sums[lane_id];
    int mask = (1 << (blockDim.x / warpSize)) - 1;
    for (int i = 1; i <= (blockDim.x / warpSize); i *= 2) {
      int n = __shfl_up_sync(mask, warp_sum, i, (blockDim.x / warpSize));
      if (lane_id >= i) warp_sum += n;
    }
    sums[lane_id] = warp_sum;
  }
  __syncthreads();
  int blockSum = 0;
  if (warp_id > 0) blockSum = sums[warp_id - 1];
  value += blockSum;
  data[id] = value;
  if (partial_sums != NULL && threadIdx.x == blockDim.x - 1) partial_sums[blockIdx.x] = value;
}

__global__ void uniform_add(int *data, int *partial_sums, int len) {
  __shared__ int buf;
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  if (id > len) return;
  if (threadIdx.x == 0) buf = partial_sums[blockIdx.x];
  __syncthreads();
  data[id] += buf;
}
