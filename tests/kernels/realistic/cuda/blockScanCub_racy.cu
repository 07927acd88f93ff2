//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
//race on temp
// The CUB-style scan used twice on one TempStorage without the barrier in
// between: warp 0 of the second scan overwrites warp_aggregates while
// later warps still read the first scan's.
#include "block_primitives.cuh"

template <int BLOCK_THREADS>
__global__ void twoScansNoSync(const int *a, const int *b, int *outA, int *outB) {
  using Scan = blockprim::BlockScan<int, BLOCK_THREADS>;
  __shared__ typename Scan::TempStorage temp;
  int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
  int x, y;
  Scan(temp).ExclusiveScan(a[i], x, 0, blockprim::Sum<int>());
  Scan(temp).ExclusiveScan(b[i], y, 0, blockprim::Sum<int>());
  outA[i] = x;
  outB[i] = y;
}

template __global__ void twoScansNoSync<256>(const int *, const int *, int *, int *);
