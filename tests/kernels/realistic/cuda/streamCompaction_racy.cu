//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --kernel-args=compactNoSync,16384
//race on warpTotals
// The compaction scan that reads the warp totals before the barrier
// after warp 0 has rewritten them.
#include <cuda_runtime.h>

__global__ void compactNoSync(const float *in, float *out, const int *blockOffsets, int n) {
  __shared__ int warpTotals[8];
  int gid = blockIdx.x * 256 + threadIdx.x;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float v = (gid < n) ? in[gid] : 0.0f;
  int keep = v > 0.0f;
  int incl = keep;
  for (int o = 1; o < 32; o <<= 1) {
    int m = __shfl_up_sync(0xffffffffu, incl, o);
    if (lane >= o) incl += m;
  }
  if (lane == 31) warpTotals[warp] = incl;
  __syncthreads();
  if (warp == 0 && lane < 8) {
    int t = warpTotals[lane];
    for (int o = 1; o < 8; o <<= 1) {
      int m = __shfl_up_sync(0xffu, t, o);
      if (lane >= o) t += m;
    }
    warpTotals[lane] = t;
  }
  int rank = incl - keep + (warp > 0 ? warpTotals[warp - 1] : 0);
  if (keep) out[blockOffsets[blockIdx.x] + rank] = v;
}
