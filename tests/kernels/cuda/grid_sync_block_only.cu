//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible write-read race on buf\[
// The two-phase kernel with a block barrier where the grid barrier is
// needed: the mirrored element belongs to another block.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void twoPhase(float *buf, float *out, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = grid.thread_rank();
  buf[i] = (float)i;
  cg::this_thread_block().sync();
  out[i] = buf[grid.size() - 1 - i];
}

int main() {
  float *buf, *out;
  int n = 256;
  cudaMalloc(&buf, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  void *args[] = {&buf, &out, &n};
  cudaLaunchCooperativeKernel((void *)twoPhase, 4, 64, args);
  return 0;
}
