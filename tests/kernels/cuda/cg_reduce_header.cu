//pass
//--blockDim=256 --gridDim=4
// Block sums with the cooperative-groups algorithms header: each 32-thread
// tile reduces with cg::reduce, lane 0 of each tile writes the tile's
// partial sum to its own slot.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void tile_sums(int *partial, const int *in, int n) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    int sum = cg::reduce(tile, v, cg::plus<int>());
    int mx = cg::reduce(tile, v, cg::greater<int>());
    if (tile.thread_rank() == 0)
        partial[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = sum + mx;
}
