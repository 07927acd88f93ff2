//pass
//--blockDim=128 --gridDim=32 --warp-sync=32
//the atomic counter `tail` is only incremented between its resets
// A per-block work queue in shared memory under warp-synchronous
// execution (--warp-sync): thread 0 resets the tail, a barrier orders the
// reset before the pushes, each push takes a slot of its own, and the
// queue is drained after a second barrier. Several rounds reuse it.
#include <cuda_runtime.h>

#define QUEUE_CAPACITY 128

__device__ __forceinline__ void queue_push(unsigned int *tail, int *items, int v) {
  unsigned int slot = atomicAdd(tail, 1u);
  items[slot] = v;
}

__global__ void filterRounds(const float *values, int *kept, float threshold, int rounds) {
  __shared__ unsigned int tail;
  __shared__ int items[QUEUE_CAPACITY];
  for (int r = 0; r < rounds; ++r) {
    if (threadIdx.x == 0) tail = 0;
    __syncthreads();
    float v = values[(r * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x];
    if (v > threshold) queue_push(&tail, items, threadIdx.x);
    __syncthreads();
    if (threadIdx.x < tail) kept[(r * gridDim.x + blockIdx.x) * QUEUE_CAPACITY + threadIdx.x] = items[threadIdx.x];
    __syncthreads();
  }
}
