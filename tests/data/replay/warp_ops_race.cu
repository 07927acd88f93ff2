// Races whose values flow through warp operations: the interpreter runs
// the lanes of a warp in lock step at a shuffle or vote and computes its
// value from the lanes that execute it, so these replays confirm.
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

// Every lane receives lane 0's value: all lanes of a warp write one slot.
__global__ void broadcastIndexRace(int *out) {
  int lane = threadIdx.x & 31;
  int j = __shfl_sync(0xffffffff, lane + 3, 0);
  out[(threadIdx.x / 32) * 32 + j] = threadIdx.x;
}

// The lanes whose keys match share the leader's slot: with distinct keys
// per lane pair, lanes 2k and 2k+1 both write slot k.
__global__ void matchSlotRace(int *out) {
  unsigned key = threadIdx.x / 2;
  unsigned peers = __match_any_sync(0xffffffff, key);
  int leader = __ffs(peers) - 1;
  out[blockIdx.x * 64 + leader / 2 + (threadIdx.x & 1) * 0] = threadIdx.x;
}
