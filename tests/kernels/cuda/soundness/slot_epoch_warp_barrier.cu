//pass
//--blockDim=64 --gridDim=1
// The race-free twin of slot_epoch_warp_barrier_race.cu: the claims of the
// two phases are recorded in separate arrays (staged before the reset,
// firsts after it), so the slot reused after the reset names another
// element. Verifies without any slot fact (they are dropped in a kernel
// with warp barriers).
#include <cuda_runtime.h>

#define WARP 32

__device__ unsigned claim(unsigned *counter) { return atomicAdd(counter, 1u); }

__global__ void phased_claims(const int *flags, int *staged, int *firsts) {
  __shared__ unsigned next;
  unsigned t = threadIdx.x, warp = t / WARP, lane = t % WARP;
  unsigned early = 0xffffffffu, late = 0xffffffffu;
  if (warp == 1) {
    __syncwarp();
    if (lane == 0 && flags[blockIdx.x] != 0)
      early = claim(&next);
  }
  __syncthreads();
  if (t == 0) {
    next = 0;
    late = claim(&next);
  }
  if (early != 0xffffffffu)
    staged[early] = (int)t;
  if (late != 0xffffffffu)
    firsts[late] = (int)t;
}

int main() {
  int *flags, *staged, *firsts;
  cudaMalloc(&flags, sizeof(int));
  cudaMalloc(&staged, 128 * sizeof(int));
  cudaMalloc(&firsts, 128 * sizeof(int));
  phased_claims<<<1, 64>>>(flags, staged, firsts);
  cudaDeviceSynchronize();
  return 0;
}
