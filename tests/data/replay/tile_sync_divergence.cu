// tile.sync() reached by half of each tile: barrier divergence, reported
// at the user's call (not inside cooperative_groups.h). A tile narrower
// than the warp is a partial-warp barrier, which the replay refuses.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void halfTileSync(float *out) {
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
  float v = out[threadIdx.x];
  if (tile.thread_rank() < 4)
    tile.sync();
  out[threadIdx.x] = v * 2.0f;
}
