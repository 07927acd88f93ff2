//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8 --warp-sync=32
//barrier may be reached by non-uniform control flow
// cg_reduce_uniform.cu guarded by the lane's own inclusive-scan value,
// which differs across the tile: lanes before the first flagged one skip
// the tile.sync() the others reach.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

__global__ void compact_tiles(const int *__restrict__ in, int *__restrict__ out) {
  __shared__ int staged[128];
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int before = cg::inclusive_scan(tile, in[i] > 0 ? 1 : 0, cg::plus<int>());
  if (before > 0) {
    staged[threadIdx.x] = in[i];
    tile.sync();
    out[i] = staged[threadIdx.x ^ 1];
  }
}
