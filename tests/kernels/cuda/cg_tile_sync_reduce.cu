//pass
//--blockDim=128 --gridDim=2
// Tile-level reduction in shared memory: tiles of 8 threads synchronise
// with tile.sync() (a warp-level barrier over the tile's lanes); the
// reads stay inside the tile.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <unsigned TILE>
__device__ float tileReduce(cg::thread_block_tile<TILE> tile, volatile float *s) {
  unsigned r = tile.thread_rank();
  unsigned base = tile.meta_group_rank() * TILE;
  if (r < 4) s[base + r] += s[base + r + 4];
  tile.sync();
  if (r < 2) s[base + r] += s[base + r + 2];
  tile.sync();
  if (r < 1) s[base + r] += s[base + r + 1];
  tile.sync();
  return s[base];
}

__global__ void tileSums(const float *in, float *out) {
  __shared__ float s[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
  s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  tile.sync();
  float total = tileReduce(tile, s);
  if (tile.thread_rank() == 0)
    out[blockIdx.x * 16 + tile.meta_group_rank()] = total;
}
