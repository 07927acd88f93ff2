//pass
//--blockDim=256 --gridDim=2
// Block reduction written with cooperative groups (thread_block::sync is
// __syncthreads, thread_rank is exact).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reduce_cg(const float *g_idata, float *g_odata) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ float sdata[256];
  unsigned int tid = cta.thread_rank();
  sdata[tid] = g_idata[blockIdx.x * 256 + tid];
  cg::sync(cta);
  for (unsigned int s = 128; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    cta.sync();
  }
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  if (tile32.meta_group_rank() == 0 && tile32.thread_rank() == 0)
    g_odata[blockIdx.x] = sdata[0];
}
