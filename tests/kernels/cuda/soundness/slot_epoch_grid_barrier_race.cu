//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//possible write-write race on log\[
// A cooperative kernel: block 1 does one more __syncthreads() than block 0
// before the grid barrier, and its leader takes a ticket from a global
// counter; after grid.sync() block 0's leader resets the counter and takes
// ticket 0 again. With the counter starting at 0 both leaders write log[0].
// (Before s7 both tickets were taken at barrier count 1 with value 0, the
// slot facts made that impossible, and this verified.)
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void two_phase_log(const int *events, int *log, unsigned *ticket) {
  cg::grid_group grid = cg::this_grid();
  unsigned mine = 0xffffffffu;
  if (blockIdx.x == 1) {
    __syncthreads();
    if (threadIdx.x == 0)
      mine = atomicAdd(ticket, 1u);
  }
  grid.sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    *ticket = 0;
    mine = atomicAdd(ticket, 1u);
  }
  if (threadIdx.x == 0 && mine != 0xffffffffu)
    log[mine] = events[blockIdx.x];
}

int main() {
  int *events, *log;
  unsigned *ticket;
  cudaMalloc(&events, 2 * sizeof(int));
  cudaMalloc(&log, 64 * sizeof(int));
  cudaMalloc(&ticket, sizeof(unsigned));
  cudaMemset(ticket, 0, sizeof(unsigned));
  void *args[] = {&events, &log, &ticket};
  cudaLaunchCooperativeKernel((void *)two_phase_log, 2, 32, args);
  cudaDeviceSynchronize();
  return 0;
}
