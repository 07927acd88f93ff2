//pass
//--blockDim=64 --gridDim=2
//assuming:.*atomic counter `tail` is only incremented
// The race-free twin of atomic_slot_private_counter_race.cu: the slot comes
// from the global queue tail, which hands every value to one thread; the
// per-thread counter only counts (its value is written to the thread's own
// element).
#include <cuda_runtime.h>

__device__ unsigned claim_slot(unsigned *counter) { return atomicAdd(counter, 1u); }

__global__ void enqueue(const int *keys, int *queue, unsigned *tail, unsigned *counts) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned slot = claim_slot(tail);
  queue[slot] = keys[gid];
  unsigned mine = 0;
  mine += 1;
  counts[gid] = mine;
}

int main() {
  int *keys, *queue;
  unsigned *tail, *counts;
  cudaMalloc(&keys, 128 * sizeof(int));
  cudaMalloc(&queue, 128 * sizeof(int));
  cudaMalloc(&tail, sizeof(unsigned));
  cudaMalloc(&counts, 128 * sizeof(unsigned));
  cudaMemset(tail, 0, sizeof(unsigned));
  enqueue<<<2, 64>>>(keys, queue, tail, counts);
  cudaDeviceSynchronize();
  return 0;
}
