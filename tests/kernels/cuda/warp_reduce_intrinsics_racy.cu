//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
//possible write-write race on maxima
// Racy twin: every thread of a block stores into the block's one
// maxima slot (values differ per lane): a write-write race.
// sm_80 warp reductions (__reduce_*_sync) in the style of a per-warp
// statistics kernel: each warp folds its lanes' values, lane 0 writes the
// warp's slot; __all_sync gates an early exit warp-uniformly; inputs read
// through the read-only cache (__ldg).
#include <cuda_runtime.h>
#include <cstdio>

#define WARPS_PER_BLOCK (256 / 32)

__device__ __forceinline__ unsigned laneId() { return threadIdx.x & 31; }

__global__ void warpStats(const unsigned *__restrict__ keys, unsigned *sums,
                          unsigned *maxima, int *minima, int *flags) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned warp = gid / 32;
  unsigned k = __ldg(&keys[gid]);
  unsigned s = __reduce_add_sync(0xffffffffu, k);
  unsigned m = __reduce_max_sync(0xffffffffu, k);
  int lo = __reduce_min_sync(0xffffffffu, (int)k - 128);
  if (laneId() == 0) {
    sums[warp] = s;
    minima[warp] = lo;
  }
  maxima[blockIdx.x] = m + laneId(); // every thread of the block, one slot
  if (__all_sync(0xffffffffu, k != 0))
    return;
  unsigned anyBits = __reduce_or_sync(0xffffffffu, k) & __reduce_and_sync(0xffffffffu, ~k);
  if (laneId() == 0)
    flags[warp] = (int)anyBits;
}

int main() {
  unsigned *keys, *sums, *maxima;
  int *minima, *flags;
  cudaMalloc(&keys, 2048 * sizeof(unsigned));
  cudaMalloc(&sums, 64 * sizeof(unsigned));
  cudaMalloc(&maxima, 64 * sizeof(unsigned));
  cudaMalloc(&minima, 64 * sizeof(int));
  cudaMalloc(&flags, 64 * sizeof(int));
  warpStats<<<8, 256>>>(keys, sums, maxima, minima, flags);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
