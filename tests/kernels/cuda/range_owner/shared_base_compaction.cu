//pass
//--blockDim=128 --gridDim=16
// CUDA stream compaction: thread 0 reserves the block's output range with
// one atomicAdd of blockDim.x and broadcasts the base through __shared__
// memory (the idiom of the CUDA samples). Before s12 the range owner fact
// knew only OpenCL's get_local_id/barrier: false races between blocks on
// `out`. Racy twins: shared_base_compaction_racy.cu.
#include <cuda_runtime.h>

struct Particle {
  float4 pos;
  float4 vel;
};


__global__ void emit_positions(const Particle *particles, float4 *out, unsigned *out_count) {
  __shared__ unsigned s_base;
  if (threadIdx.x == 0)
    s_base = atomicAdd(out_count, blockDim.x);
  __syncthreads();
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[s_base + threadIdx.x] = particles[i].pos;
}

// 2-D blocks: the corner thread reserves the whole block.
__global__ void emit_tiles(const float *field, float2 *out, unsigned *out_count, int pitch) {
  __shared__ unsigned s_base;
  if (threadIdx.x == 0 && threadIdx.y == 0)
    s_base = atomicAdd(out_count, blockDim.x * blockDim.y);
  __syncthreads();
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  out[s_base + threadIdx.y * blockDim.x + threadIdx.x] = make_float2(field[y * pitch + x], 1.0f);
}
