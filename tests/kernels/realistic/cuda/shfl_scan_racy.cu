//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --kernel-args=uniform_add_early_exit,16000
//race on buf|non-uniform control flow
// The uniform add with a bounds check that lets some threads leave before
// the barrier (the last block has fewer live threads): divergence.
#include <cuda_runtime.h>
__global__ void uniform_add_early_exit(int *data, const int *partial_sums, int len) {
  __shared__ int buf;
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= len) return;
  if (threadIdx.x == 0) buf = partial_sums[blockIdx.x];
  __syncthreads();
  data[id] += buf;
}
