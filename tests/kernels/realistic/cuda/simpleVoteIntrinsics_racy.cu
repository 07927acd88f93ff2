//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
//race on (masks|counts)
// The ballot stored by every lane of the warp instead of lane 0, with the
// lane's own popcount of the lower lanes: different values, one cell.
#include <cuda_runtime.h>

__global__ void warpBallotAllLanes(const int *flags, unsigned int *masks, int *counts) {
  int tx = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int mask = __ballot_sync(0xffffffff, flags[tx] > 0);
  unsigned int lane = threadIdx.x & 31;
  counts[tx / 32] = __popc(mask & ((1u << lane) - 1));
  masks[tx / 32] = mask;
}
