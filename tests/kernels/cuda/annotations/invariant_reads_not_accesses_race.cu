//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
//invariant_reads_not_accesses_race.cu: error: possible (write-read|read-write) race on slot\[
// The twin of reverse_reuse: after __syncthreads the kernel itself reads
// its slot while its mirror thread overwrites it (a real read: a race).
#include <cuda_runtime.h>
#define BLOCK 128

__global__ void reverse_reuse(const int *in, int *out) {
  __shared__ int slot[BLOCK];
  int t = threadIdx.x;
  slot[t] = BLOCK - 1 - t;
  __barrier_invariant_1(slot[t] == BLOCK - 1 - t, t);
  __syncthreads();
  slot[BLOCK - 1 - t] = in[blockIdx.x * BLOCK + t];
  out[blockIdx.x * BLOCK + slot[t]] = t;
}
