//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible write-write race on firsts\[
// A shared work counter reset each phase by thread 0. Warp 1 runs an extra
// __syncwarp() in its setup path, so at the block barrier its threads have
// passed one more barrier than warp 0's. Warp 1's leader claims a slot
// before the barrier; thread 0 resets the counter after it and claims slot
// 0 again. Both leaders then record their slot, and with a counter starting
// at 0 both write firsts[0]. (Before s7 the slot facts were keyed by a
// per-thread barrier count: both claims had count 1 and value 0, the facts
// made that impossible, and this verified. Facts of counters with resets
// are now dropped when the kernel has warp or grid barriers.)
#include <cuda_runtime.h>

#define WARP 32

__device__ unsigned claim(unsigned *counter) { return atomicAdd(counter, 1u); }

__global__ void phased_claims(const int *flags, int *firsts) {
  __shared__ unsigned next;
  unsigned t = threadIdx.x, warp = t / WARP, lane = t % WARP;
  unsigned mine = 0xffffffffu;
  if (warp == 1) {
    // The second warp stages its flags first.
    __syncwarp();
    if (lane == 0 && flags[blockIdx.x] != 0)
      mine = claim(&next);
  }
  __syncthreads();
  if (t == 0) {
    next = 0;
    mine = claim(&next);
  }
  if (lane == 0 && warp < 2 && mine != 0xffffffffu)
    firsts[blockIdx.x * 128 + mine] = (int)t;
}

int main() {
  int *flags, *firsts;
  cudaMalloc(&flags, sizeof(int));
  cudaMalloc(&firsts, 128 * sizeof(int));
  phased_claims<<<1, 64>>>(flags, firsts);
  cudaDeviceSynchronize();
  return 0;
}
