//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
//possible write-write race on partial\[
// cg_reduce_header.cu with every tile of a block writing the block's slot.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__global__ void tile_sums_one_slot(int *partial, const int *in, int n) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int sum = cg::reduce(tile, i < n ? in[i] : 0, cg::plus<int>());
    if (tile.thread_rank() == 0)
        partial[blockIdx.x] = sum;
}
