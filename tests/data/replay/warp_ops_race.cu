// Races whose values flow through warp operations: the interpreter cannot
// evaluate a shuffle's or a vote's two-thread specification, so the replay
// must say it cannot (never a confirmation it did not observe).
#include <cuda_runtime.h>

__global__ void shuffleRace(int *out) {
  __shared__ int s[64];
  int v = threadIdx.x;
  v += __shfl_down_sync(0xffffffff, v, 1);
  s[threadIdx.x] = v;
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

__global__ void ballotRace(int *out) {
  __shared__ unsigned s[64];
  unsigned b = __ballot_sync(0xffffffff, threadIdx.x & 1);
  s[threadIdx.x] = b;
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
