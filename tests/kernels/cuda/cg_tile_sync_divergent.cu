//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=2
//cg_tile_sync_divergent\.cu:19:10: error: barrier may be reached by non-uniform control flow
// A tile reduction whose tile.sync() sits inside the guard `rank < 4`:
// half of each 8-thread tile skips the barrier. The divergence is reported
// at the user's call, not inside cooperative_groups.h.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void tileSums(const float *in, float *out) {
  __shared__ float s[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
  unsigned base = tile.meta_group_rank() * 8;
  s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  if (tile.thread_rank() < 4) {
    s[base + tile.thread_rank()] += s[base + tile.thread_rank() + 4];
    tile.sync();
  }
  if (tile.thread_rank() == 0)
    out[blockIdx.x * 16 + tile.meta_group_rank()] = s[base] + s[base + 1];
}
