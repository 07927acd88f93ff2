//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=120
//possible (read-write|write-read) race on s_partial
//possible (write-write|read-write|write-read) race on g_blockSums
// cgReducePartition.cu with two slips: the first tile reads the partials
// after only a tile.sync() (the other tiles' leaders are not ordered with
// it), and a second kernel where every tile leader, not only the first
// tile's, stores the block result.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void reduceTileSyncOnly(const float *__restrict__ g_in, float *__restrict__ g_out, unsigned int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float s_partial[WARPS];
  float sum = 0.0f;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += g_in[i];
  sum = cg::reduce(tile, sum, cg::plus<float>());
  if (tile.thread_rank() == 0) s_partial[tile.meta_group_rank()] = sum;
  tile.sync();
  if (tile.meta_group_rank() == 0) {
    float v = tile.thread_rank() < WARPS ? s_partial[tile.thread_rank()] : 0.0f;
    v = cg::reduce(tile, v, cg::plus<float>());
    if (tile.thread_rank() == 0) g_out[blockIdx.x] = v;
  }
}

__global__ void reduceEveryLeaderStores(const float *__restrict__ g_in, float *__restrict__ g_blockSums, unsigned int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float sum = 0.0f;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += g_in[i];
  sum = cg::reduce(tile, sum, cg::plus<float>());
  if (tile.thread_rank() == 0) g_blockSums[blockIdx.x] = sum;
}

int main() {
  float *d_in, *d_out;
  cudaMalloc(&d_in, (1 << 20) * sizeof(float));
  cudaMalloc(&d_out, 120 * sizeof(float));
  reduceTileSyncOnly<<<120, THREADS>>>(d_in, d_out, 1 << 20);
  reduceEveryLeaderStores<<<120, THREADS>>>(d_in, d_out, 1 << 20);
  return 0;
}
