//pass
//--blockDim=128 --gridDim=8 --warp-sync=32
// Under --warp-sync, cg::reduce over a tile is the tile's shuffles: every
// rank gets the same sum, so a tile.sync() guarded by it is reached by the
// whole tile (no divergence), and an inclusive scan gives each lane the
// exact count of flagged lanes up to it.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

__global__ void compact_tiles(const int *__restrict__ in, int *__restrict__ out,
                              int *__restrict__ counts) {
  __shared__ int staged[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int flagged = in[i] > 0 ? 1 : 0;
  int total = cg::reduce(tile, flagged, cg::plus<int>());
  if (total > 0) {
    staged[threadIdx.x] = in[i];
    tile.sync();
    out[i] = staged[threadIdx.x ^ 1];
  }
  if (tile.thread_rank() == 0) counts[blockIdx.x * 4 + tile.meta_group_rank()] = total;
}

__global__ void max_per_tile(const float *__restrict__ in, float *__restrict__ out) {
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float m = cg::reduce(tile, in[i], cg::greater<float>());
  if (m > 0.0f) tile.sync();
  out[i] = m;
}
