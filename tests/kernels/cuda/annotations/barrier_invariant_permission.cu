//pass
//--blockDim=256 --gridDim=4
// A block-wide index table built in shared memory and consumed after the
// barrier. The barrier invariant claims the thread's entry with
// `__write_permission` (checked like a write of the entry's own value:
// nobody else touches the entry before the barrier) and states its value.
#include <cuda_runtime.h>

#define N 256

__global__ void gather_reversed(const int *in, int *out) {
  __shared__ unsigned idx[N];
  unsigned t = threadIdx.x;
  idx[t] = N - 1 - t;
  __barrier_invariant_1(__write_permission(&idx[t]) & (idx[t] == N - 1 - t), t);
  __syncthreads();
  out[blockIdx.x * N + idx[t]] = in[blockIdx.x * N + t];
}
