//pass
//--blockDim=64 --gridDim=4
//assuming:.*cooperative launch
// A persistent two-phase kernel (cooperative launch): every thread writes
// its element, the grid synchronises, then each thread reads the element
// of the mirrored thread in another block.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void twoPhase(float *buf, float *out, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = grid.thread_rank();
  buf[i] = (float)i;
  grid.sync();
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
