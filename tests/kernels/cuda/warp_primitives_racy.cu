//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
//possible write-write race on out\[
// The lane a shuffle returns is used as the index of a write: for the
// verifier it is any value, so two threads may write one element.
#include <cuda_runtime.h>

__global__ void scatter_by_lane(int *out) {
  int lane = threadIdx.x & 31;
  int src = __shfl_xor_sync(0xffffffffu, lane, 1);
  out[(threadIdx.x & ~31) + src] = threadIdx.x;
}
