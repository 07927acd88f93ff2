//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible write-write race on ring\[
// A ring of 16 entries indexed by the top four bits of a ticket counter that
// advances by 2^28 per ticket: after 16 tickets it is back at its start, so
// with 128 threads two of them write the same entry. (Before s7 the no-wrap
// assumption was made whatever the step and this verified; a step of 2^16 or
// more on a 32-bit counter now disables the slot facts.)
#include <cuda_runtime.h>

#define TICKET_SHIFT 28u

__global__ void log_events(const int *events, int *ring, unsigned *ticket) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned t = atomicAdd(ticket, 1u << TICKET_SHIFT);
  ring[t >> TICKET_SHIFT] = events[gid];
}

int main() {
  int *events, *ring;
  unsigned *ticket;
  cudaMalloc(&events, 128 * sizeof(int));
  cudaMalloc(&ring, 16 * sizeof(int));
  cudaMalloc(&ticket, sizeof(unsigned));
  log_events<<<2, 64>>>(events, ring, ticket);
  cudaDeviceSynchronize();
  return 0;
}
