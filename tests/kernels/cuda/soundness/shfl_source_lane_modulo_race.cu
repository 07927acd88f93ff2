//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible write-write race on out\[
// __shfl_sync takes the source lane modulo the width (lane 32 is lane 0),
// and __shfl_xor_sync with a width returns an earlier segment's value
// (lane 16 ^ 16 = lane 0): in both kernels two threads of a warp pick one
// index. A model returning the thread's own value for "out of range"
// lanes would verify them.
#include <cuda_runtime.h>

__global__ void broadcast_wrapped(int *out) {
  int leader = __shfl_sync(0xffffffffu, (int)threadIdx.x, 32);
  out[blockIdx.x * 64 + leader] = threadIdx.x;
}

__global__ void xor_segments(int *out) {
  int partner = __shfl_xor_sync(0xffffffffu, (int)threadIdx.x, 16, 16);
  out[blockIdx.x * 64 + partner] = threadIdx.x;
}

int main() {
  int *out;
  cudaMalloc(&out, 128 * sizeof(int));
  broadcast_wrapped<<<2, 64>>>(out);
  xor_segments<<<2, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
