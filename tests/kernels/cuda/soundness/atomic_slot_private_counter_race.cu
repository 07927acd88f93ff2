//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible write-write race on hist\[
// A per-thread counter bumped through the same helper as the block's shared
// counter: each thread's own counter hands out 0, 1, 2 to that thread, so
// two threads write hist[first] with first == 0. (s6: the slot-owner
// facts were keyed by the counter's address, the same for every thread's
// private copy, so equal results contradicted them and this verified.)
#include <cuda_runtime.h>

__device__ unsigned claim(unsigned *counter) { return atomicAdd(counter, 1u); }

__global__ void bin_private(const int *keys, int *hist) {
  unsigned local_count = 0;
  unsigned first = claim(&local_count);
  hist[first] = keys[blockIdx.x * blockDim.x + threadIdx.x];
}

int main() {
  int *keys, *hist;
  cudaMalloc(&keys, 128 * sizeof(int));
  cudaMalloc(&hist, 128 * sizeof(int));
  bin_private<<<2, 64>>>(keys, hist);
  cudaDeviceSynchronize();
  return 0;
}
