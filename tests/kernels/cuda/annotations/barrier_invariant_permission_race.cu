//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
//race on idx
// The write permission is also claimed for the left neighbour's entry,
// which the neighbour reads before the barrier: the claim races with it.
#include <cuda_runtime.h>

#define N 256

__global__ void gather_reversed(const int *in, int *out) {
  __shared__ unsigned idx[N];
  unsigned t = threadIdx.x;
  unsigned left = (t + N - 1) % N;
  idx[t] = N - 1 - t;
  unsigned mine = idx[t];
  __barrier_invariant_2(__write_permission(&idx[t]) & (idx[t] == N - 1 - t), t, left);
  __syncthreads();
  out[blockIdx.x * N + mine] = in[blockIdx.x * N + t];
}
