//pass
//--blockDim=256 --gridDim=120
// Cooperative-groups block reduction as the CG reduction samples write it:
// every 32-thread tile of tiled_partition<32> reduces with cg::reduce (and,
// in the hand-written variant, a tile.shfl_down loop), the tile leaders
// store to shared memory, block.sync(), and the first tile reduces the
// per-tile partials before thread 0 writes the block's result.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <helper_cuda.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float shflDownSum(cg::thread_block_tile<32> tile, float v) {
#pragma unroll
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;
}

// cg::reduce over tiles, partials in shared memory, one block result.
__global__ void reduceCg(const float *__restrict__ g_in, float *__restrict__ g_blockSums, unsigned int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float s_partial[WARPS];

  float sum = 0.0f;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += g_in[i];

  sum = cg::reduce(tile, sum, cg::plus<float>());
  if (tile.thread_rank() == 0) s_partial[tile.meta_group_rank()] = sum;
  block.sync();

  if (tile.meta_group_rank() == 0) {
    float v = tile.thread_rank() < WARPS ? s_partial[tile.thread_rank()] : 0.0f;
    v = cg::reduce(tile, v, cg::plus<float>());
    if (tile.thread_rank() == 0) g_blockSums[blockIdx.x] = v;
  }
}

// The same shape with the shuffle loop written out, a max next to the sum.
__global__ void reduceShflMinMax(const int *__restrict__ g_in, int *__restrict__ g_max, float *g_sum, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float s_sum[WARPS];
  __shared__ int s_max[WARPS];

  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int m = idx < n ? g_in[idx] : -2147483647;
  float s = idx < n ? (float)g_in[idx] : 0.0f;
  s = shflDownSum(tile, s);
  m = cg::reduce(tile, m, cg::greater<int>());
  if (tile.thread_rank() == 0) {
    s_sum[tile.meta_group_rank()] = s;
    s_max[tile.meta_group_rank()] = m;
  }
  block.sync();
  if (block.thread_rank() == 0) {
    float bs = 0.0f;
    int bm = s_max[0];
    for (int w = 0; w < WARPS; ++w) {
      bs += s_sum[w];
      bm = max(bm, s_max[w]);
    }
    atomicAdd(g_sum, bs);
    atomicMax(g_max, bm);
  }
}

int main() {
  const unsigned int n = 1 << 22;
  float *d_in, *d_sums, *d_total;
  int *d_ints, *d_max;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_sums, 120 * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_total, sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_ints, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_max, sizeof(int)));
  reduceCg<<<120, THREADS>>>(d_in, d_sums, n);
  reduceShflMinMax<<<(n + THREADS - 1) / THREADS, THREADS>>>(d_ints, d_max, d_total, n);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("done\n");
  return 0;
}
