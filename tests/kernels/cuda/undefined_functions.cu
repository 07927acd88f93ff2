//pass
//--blockDim=64 --gridDim=2
// Calls to functions declared but not defined here (a library the file
// links against): results are arbitrary, pointer arguments into memory
// only this thread uses are fine, const functions touch no memory.
#include <cuda_runtime.h>

extern __device__ float lookup_gain(int channel) __attribute__((const));
extern __device__ void decode_block(float *coeffs, int n);
__device__ int checksum(const int *words, int n) __attribute__((pure));

__global__ void apply_gain(float *signal, const int *table) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float coeffs[8];
  decode_block(coeffs, 8);
  float g = lookup_gain(i & 7) * coeffs[i & 7];
  signal[i] = signal[i] * g + (float)checksum(table, 16);
}
