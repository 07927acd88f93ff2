//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --kernel-args=compactBlocks,16384
//race on out\[
//Verified: .*kernel `countKept`
// The scatter `out[offsets[group] + rank]` is race-free only for the
// offsets the host computes (an exclusive scan of the group counts);
// for arbitrary offsets two groups can write one element, so a race is
// the right verdict without a precondition on the offsets array.
// Stream compaction by prefix sums: flag the kept elements, scan the flags
// within the block (warp shuffles, then the warp totals), and scatter each
// kept element to its block offset plus its rank.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define BLOCK 256
#define WARPS (BLOCK / 32)

__device__ inline int warpInclusiveScan(int v, int lane) {
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    int n = __shfl_up_sync(0xffffffffu, v, o);
    if (lane >= o) v += n;
  }
  return v;
}

__global__ void compactBlocks(const float *in, float *out, const int *blockOffsets, int n) {
  __shared__ int warpTotals[WARPS];
  int gid = blockIdx.x * BLOCK + threadIdx.x;
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  float v = (gid < n) ? in[gid] : 0.0f;
  int keep = (gid < n && v > 0.0f) ? 1 : 0;
  int incl = warpInclusiveScan(keep, lane);
  if (lane == 31) warpTotals[warp] = incl;
  __syncthreads();
  if (warp == 0) {
    int t = (lane < WARPS) ? warpTotals[lane] : 0;
    t = warpInclusiveScan(t, lane);
    if (lane < WARPS) warpTotals[lane] = t;
  }
  __syncthreads();
  int rank = incl - keep + (warp > 0 ? warpTotals[warp - 1] : 0);
  if (keep) out[blockOffsets[blockIdx.x] + rank] = v;
}

__global__ void countKept(const float *in, int *blockCounts, int n) {
  int gid = blockIdx.x * BLOCK + threadIdx.x;
  int keep = (gid < n && in[gid] > 0.0f) ? 1 : 0;
  int votes = __syncthreads_count(keep);
  if (threadIdx.x == 0) blockCounts[blockIdx.x] = votes;
}
