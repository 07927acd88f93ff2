//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=1
//unsupported: the cooperative-groups call .*coalesced_threads.*in `atomicAggInc`
// Warp-aggregated increment with coalesced_threads(): the group depends on
// the run-time active mask, which the verifier does not model (exit 4
// naming the call).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int atomicAggInc(int *ctr) {
  cg::coalesced_group active = cg::coalesced_threads();
  int prev;
  if (active.thread_rank() == 0)
    prev = atomicAdd(ctr, (int)active.size());
  return active.shfl(prev, 0) + active.thread_rank();
}

__global__ void filterPositive(int *dst, int *nres, const int *src) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (src[i] > 0)
    dst[atomicAggInc(nres)] = src[i];
}
