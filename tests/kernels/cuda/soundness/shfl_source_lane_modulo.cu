//pass
//--blockDim=64 --gridDim=2
// The race-free twin of shfl_source_lane_modulo_race.cu: the shuffled
// values are data, and each thread writes its own element.
#include <cuda_runtime.h>

__global__ void broadcast_wrapped(int *out) {
  int leader = __shfl_sync(0xffffffffu, (int)threadIdx.x, 32);
  out[blockIdx.x * 64 + threadIdx.x] = leader;
}

__global__ void xor_segments(int *out) {
  int partner = __shfl_xor_sync(0xffffffffu, (int)threadIdx.x, 16, 16);
  out[blockIdx.x * 64 + threadIdx.x] = partner;
}

int main() {
  int *out;
  cudaMalloc(&out, 128 * sizeof(int));
  broadcast_wrapped<<<2, 64>>>(out);
  xor_segments<<<2, 64>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
