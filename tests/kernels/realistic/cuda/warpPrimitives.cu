//pass
//--blockDim=256 --gridDim=32
// Warp-level idioms from the programming guide and the CG samples:
// shuffle reductions and broadcasts, ballot-based counting, tiled
// partitions with tile-local shared memory, and a block-wide sum combining
// warp results.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <helper_cuda.h>
namespace cg = cooperative_groups;

__inline__ __device__ int warpReduceSum(int val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

__inline__ __device__ int blockReduceSum(int val) {
  static __shared__ int shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void deviceReduceKernel(const int *in, int *out, int N) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x) sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

__global__ void ballotCount(const int *in, int *warpCounts, int threshold) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot_sync(0xffffffff, in[gid] > threshold);
  if ((threadIdx.x & 31) == 0) warpCounts[gid / 32] = __popc(mask);
}

__global__ void broadcastFirstLane(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[gid];
  float first = __shfl_sync(0xffffffff, v, 0);
  out[gid] = v - first;
}

template <int TileSize>
__device__ int tileSum(cg::thread_block_tile<TileSize> g, int *tmp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    tmp[lane] = val;
    g.sync();
    if (lane < i) val += tmp[lane + i];
    g.sync();
  }
  return val;
}

__global__ void tiledPartitionSum(const int *in, int *out) {
  __shared__ int workspace[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int *tmp = workspace + (block.thread_rank() / 32) * 32;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int s = tileSum<32>(tile, tmp, in[gid]);
  if (tile.thread_rank() == 0) out[gid / 32] = s;
}

__global__ void cgReduceSum(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int s = cg::reduce(tile, in[gid], cg::plus<int>());
  if (tile.thread_rank() == 0) atomicAdd(out, s);
}
