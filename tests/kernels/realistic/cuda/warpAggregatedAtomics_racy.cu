//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
//possible write-write race on dst\[
// warpAggregatedAtomics.cu with the lane's rank forgotten: every lane of
// a warp writes at the warp's base.
#include <cuda_runtime.h>

__global__ void filter_k(int *dst, int *nres, const int *__restrict__ src, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0) {
    unsigned int active = __activemask();
    int leader = __ffs(active) - 1;
    int base;
    if ((threadIdx.x & 31) == leader) base = atomicAdd(nres, __popc(active));
    base = __shfl_sync(active, base, leader);
    dst[base] = src[i];
  }
}
