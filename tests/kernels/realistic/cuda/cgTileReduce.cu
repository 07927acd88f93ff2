//pass
//--blockDim=256 --gridDim=64
// Cooperative-groups reduction as the CG samples write it: the block is
// split into 32-thread tiles, each tile reduces with tile.shfl_down, tile
// leaders combine through shared memory after block.sync(), and thread 0
// adds the block's sum to the output atomically. A templated tile size.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <helper_cuda.h>

namespace cg = cooperative_groups;

template <int TILE_SZ>
__device__ float tile_sum(cg::thread_block_tile<TILE_SZ> tile, float v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) {
    v += tile.shfl_down(v, offset);
  }
  return v;
}

template <int TILE_SZ>
__global__ void sumKernel(const float *__restrict__ in, float *__restrict__ out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<TILE_SZ> tile = cg::tiled_partition<TILE_SZ>(block);
  __shared__ float partial[256 / TILE_SZ];

  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    v += in[i];
  }
  v = tile_sum<TILE_SZ>(tile, v);
  if (tile.thread_rank() == 0) partial[block.thread_rank() / TILE_SZ] = v;
  block.sync();
  if (block.thread_rank() == 0) {
    float s = 0.0f;
    for (int t = 0; t < 256 / TILE_SZ; t++) s += partial[t];
    atomicAdd(out, s);
  }
}

int main() {
  int n = 1 << 20;
  float *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, sizeof(float)));
  checkCudaErrors(cudaMemset(d_out, 0, sizeof(float)));
  sumKernel<32><<<64, 256>>>(d_in, d_out, n);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
