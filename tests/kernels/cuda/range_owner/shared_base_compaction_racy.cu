//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//Not verified: .*kernel `emit_half_range`
//Not verified: .*kernel `emit_without_sync`
//Not verified: .*kernel `emit_every_warp_leader`
//race on s_base
//Not verified: .*kernel `emit_from_missing_thread`
//Not verified: .*kernel `emit_after_syncwarp`
// Racy twins of shared_base_compaction.cu: a range of half the block;
// the base read with no __syncthreads() after thread 0 wrote it; every
// warp's first thread reserves (owner not unique, they race on s_base);
// the reserving thread is 128, which a block of 128 does not have (s_base
// is never written: every block reads the same stale base); __syncwarp()
// where __syncthreads() is needed (thread 0's warp only).
#include <cuda_runtime.h>

__global__ void emit_half_range(const float4 *in, float4 *out, unsigned *out_count) {
  __shared__ unsigned s_base;
  if (threadIdx.x == 0)
    s_base = atomicAdd(out_count, blockDim.x / 2);
  __syncthreads();
  out[s_base + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

__global__ void emit_without_sync(const float4 *in, float4 *out, unsigned *out_count) {
  __shared__ unsigned s_base;
  if (threadIdx.x == 0)
    s_base = atomicAdd(out_count, blockDim.x);
  out[s_base + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

__global__ void emit_every_warp_leader(const float4 *in, float4 *out, unsigned *out_count) {
  __shared__ unsigned s_base;
  if (threadIdx.x % 32 == 0)
    s_base = atomicAdd(out_count, blockDim.x);
  __syncthreads();
  out[s_base + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

__global__ void emit_from_missing_thread(const float4 *in, float4 *out, unsigned *out_count) {
  __shared__ unsigned s_base;
  if (threadIdx.x == 128)
    s_base = atomicAdd(out_count, blockDim.x);
  __syncthreads();
  out[s_base + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

__global__ void emit_after_syncwarp(const float4 *in, float4 *out, unsigned *out_count) {
  __shared__ unsigned s_base;
  if (threadIdx.x == 0)
    s_base = atomicAdd(out_count, blockDim.x);
  __syncwarp();
  out[s_base + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}
