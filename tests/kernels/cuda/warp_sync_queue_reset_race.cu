//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32 --warp-sync=32
//possible (write-atomic|atomic-write) race on tail\[
// Racy twin of warp_sync_queue_reset.cu: the reset is not followed by a
// barrier, so a warp neighbour of thread 0 (lockstep or not, nothing
// orders the reset against increments of the other warps and the
// neighbour's own pushes of the round before) can increment before the
// reset and two pushes take one slot. --warp-sync does not hide it.
#include <cuda_runtime.h>

#define QUEUE_CAPACITY 128

__global__ void filterRoundsNoBarrier(const float *values, int *kept, float threshold, int rounds) {
  __shared__ unsigned int tail;
  __shared__ int items[QUEUE_CAPACITY];
  for (int r = 0; r < rounds; ++r) {
    float v = values[(r * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x];
    if (v > threshold) items[atomicAdd(&tail, 1u)] = threadIdx.x;
    if (threadIdx.x == 0) tail = 0;
    __syncthreads();
    if (threadIdx.x < tail) kept[(r * gridDim.x + blockIdx.x) * QUEUE_CAPACITY + threadIdx.x] = items[threadIdx.x];
    __syncthreads();
  }
}
