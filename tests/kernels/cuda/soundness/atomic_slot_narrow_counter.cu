//pass
//--blockDim=256 --gridDim=2
//assuming:.*atomic counter `tail` is only incremented
// The race-free twin of atomic_slot_narrow_counter_race.cu: the same
// compaction with a 32-bit tail counter, which hands every value to one
// thread as long as it does not wrap (assumed, printed).
#include <cuda_runtime.h>
#include <stdint.h>

template <typename Count>
__device__ Count bump(Count *tail) {
  return __atomic_fetch_add(tail, (Count)1, __ATOMIC_RELAXED);
}

__global__ void compact_nonzero(const float *in, float *compacted, uint32_t *tail) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[gid];
  if (v != 0.0f) {
    uint32_t slot = bump(tail);
    compacted[slot] = v;
  }
}

int main() {
  float *in, *out;
  uint32_t *tail;
  cudaMalloc(&in, 512 * sizeof(float));
  cudaMalloc(&out, 512 * sizeof(float));
  cudaMalloc(&tail, sizeof(uint32_t));
  cudaMemset(tail, 0, sizeof(uint32_t));
  compact_nonzero<<<2, 256>>>(in, out, tail);
  cudaDeviceSynchronize();
  return 0;
}
