//pass
//--blockDim=128 --gridDim=2
// Warp-level reduction with shuffles and a ballot: the shuffled values are
// arbitrary for the verifier, but every thread writes its own slot.
#include <cuda_runtime.h>
#include <sm_30_intrinsics.h>

__inline__ __device__ float warp_reduce_sum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffffu, val, offset);
  return val;
}

__global__ void warp_sums(const float *in, float *partial, unsigned *votes) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  float v = warp_reduce_sum(in[gid]);
  unsigned ballot = __ballot_sync(__activemask(), v > 0.0f);
  __syncwarp();
  partial[gid] = v;
  votes[gid] = __popc(ballot) + (__any_sync(0xffffffffu, v < 0.0f) ? 1u : 0u);
}
