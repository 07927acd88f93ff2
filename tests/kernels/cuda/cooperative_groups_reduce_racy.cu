//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=2
//possible .*race on sdata
// The same reduction without the group sync inside the loop.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void reduce_cg(const float *g_idata, float *g_odata) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ float sdata[256];
  unsigned int tid = cta.thread_rank();
  sdata[tid] = g_idata[blockIdx.x * 256 + tid];
  cta.sync();
  for (unsigned int s = 128; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
