//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4 --warp-sync=32
//possible write-write race on partial\[
// The same reduction with a wrong output offset: every warp of a block
// writes the block's first slot (the warp index is missing).
#include <cuda_runtime.h>
#include <cooperative_groups.h>

#define FULL_MASK 0xffffffffu
#define WARPS_PER_BLOCK (128 / 32)

template <typename T> __device__ __forceinline__ T warpReduceSum(T val) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__global__ void blockPartialSums(const float *in, float *partial, unsigned *firsts) {
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % warpSize;
  unsigned warp = threadIdx.x / warpSize;
  float sum = warpReduceSum(in[tid]);
  unsigned first = __shfl_up_sync(FULL_MASK, tid, 1);
  unsigned self = __shfl_sync(FULL_MASK, tid, lane);
  if (lane == 0) {
    partial[blockIdx.x * WARPS_PER_BLOCK] = sum;
    firsts[first] = self;
  }
}

int main() {
  float *in, *partial;
  unsigned *firsts;
  cudaMalloc(&in, 512 * sizeof(float));
  cudaMalloc(&partial, 16 * sizeof(float));
  cudaMalloc(&firsts, 512 * sizeof(unsigned));
  blockPartialSums<<<4, 128>>>(in, partial, firsts);
  cudaDeviceSynchronize();
  return 0;
}
