//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//possible (read-write|write-read) race on partial\[
// cgTileReduce.cu without block.sync(): thread 0 sums the tiles' partial
// results while other tiles' leaders may still be writing them.
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

template <int TILE_SZ>
__global__ void sumKernel(const float *__restrict__ in, float *__restrict__ out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<TILE_SZ> tile = cg::tiled_partition<TILE_SZ>(block);
  __shared__ float partial[256 / TILE_SZ];
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    v += in[i];
  }
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  if (tile.thread_rank() == 0) partial[block.thread_rank() / TILE_SZ] = v;
  if (block.thread_rank() == 0) {
    float s = 0.0f;
    for (int t = 0; t < 256 / TILE_SZ; t++) s += partial[t];
    atomicAdd(out, s);
  }
}

template __global__ void sumKernel<32>(const float *, float *, int);
