//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
//possible [a-z-]+ race on energy
// A host program including the C and C++ math headers explicitly (both
// <math.h> and <cmath>, std::sqrt on the host and in device code) next to
// <cuda_runtime.h>. `computeEnergy` is race-free; `accumulateEnergy` sums
// into one element without an atomic (the race reported).
#include <math.h>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void computeEnergy(float *energy, const float2 *field, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float2 f = field[i];
    energy[i] = std::sqrt(f.x * f.x + f.y * f.y) + powf(fabsf(f.x), 1.5f) + (float)std::pow(2.0, 0.5);
  }
}

__global__ void accumulateEnergy(float *energy, const float *perCell, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) energy[0] += perCell[i];
}

int main() {
  const int n = 1024;
  std::vector<float2> h(n);
  for (int i = 0; i < n; ++i) h[i] = make_float2(std::cos(i * 0.1f), std::sin(i * 0.1f));
  float2 *d_field;
  float *d_energy, *d_total;
  cudaMalloc(&d_field, n * sizeof(float2));
  cudaMalloc(&d_energy, n * sizeof(float));
  cudaMalloc(&d_total, sizeof(float));
  cudaMemcpy(d_field, h.data(), n * sizeof(float2), cudaMemcpyHostToDevice);
  computeEnergy<<<8, 128>>>(d_energy, d_field, n);
  accumulateEnergy<<<8, 128>>>(d_total, d_energy, n);
  float total = 0.0f;
  cudaMemcpy(&total, d_total, sizeof(float), cudaMemcpyDeviceToHost);
  printf("total %f (expected about %f)\n", total, n * (1.0 + std::sqrt(2.0)));
  return std::abs(total) > 0.0f ? EXIT_SUCCESS : EXIT_FAILURE;
}
