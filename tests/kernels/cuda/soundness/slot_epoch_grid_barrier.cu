//pass
//--blockDim=32 --gridDim=2
//all blocks are resident at once
// The race-free twin of slot_epoch_grid_barrier_race.cu: the tickets of
// the two phases go to separate logs, so ticket 0 taken again after the
// reset names another element.
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void two_phase_log(const int *events, int *early_log, int *late_log, unsigned *ticket) {
  cg::grid_group grid = cg::this_grid();
  unsigned early = 0xffffffffu, late = 0xffffffffu;
  if (blockIdx.x == 1) {
    __syncthreads();
    if (threadIdx.x == 0)
      early = atomicAdd(ticket, 1u);
  }
  grid.sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    *ticket = 0;
    late = atomicAdd(ticket, 1u);
  }
  if (early != 0xffffffffu)
    early_log[early] = events[blockIdx.x];
  if (late != 0xffffffffu)
    late_log[late] = events[blockIdx.x];
}

int main() {
  int *events, *early_log, *late_log;
  unsigned *ticket;
  cudaMalloc(&events, 2 * sizeof(int));
  cudaMalloc(&early_log, 64 * sizeof(int));
  cudaMalloc(&late_log, 64 * sizeof(int));
  cudaMalloc(&ticket, sizeof(unsigned));
  cudaMemset(ticket, 0, sizeof(unsigned));
  void *args[] = {&events, &early_log, &late_log, &ticket};
  cudaLaunchCooperativeKernel((void *)two_phase_log, 2, 32, args);
  cudaDeviceSynchronize();
  return 0;
}
