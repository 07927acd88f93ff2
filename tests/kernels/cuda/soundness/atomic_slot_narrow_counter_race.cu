//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=2
//possible write-write race on compacted\[
// A stream compaction whose tail counter is an 8-bit integer: 512 threads
// increment it, so it wraps around and two threads receive the same slot.
// (Before s7 the slot facts "each value goes to one thread" were emitted for
// counters of any width and this verified; counters narrower than 32 bits
// now get no facts.)
#include <cuda_runtime.h>
#include <stdint.h>

template <typename Count>
__device__ Count bump(Count *tail) {
  return __atomic_fetch_add(tail, (Count)1, __ATOMIC_RELAXED);
}

__global__ void compact_nonzero(const float *in, float *compacted, uint8_t *tail) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[gid];
  if (v != 0.0f) {
    uint8_t slot = bump(tail);
    compacted[slot] = v;
  }
}

int main() {
  float *in, *out;
  uint8_t *tail;
  cudaMalloc(&in, 512 * sizeof(float));
  cudaMalloc(&out, 512 * sizeof(float));
  cudaMalloc(&tail, 1);
  cudaMemset(tail, 0, 1);
  compact_nonzero<<<2, 256>>>(in, out, tail);
  cudaDeviceSynchronize();
  return 0;
}
