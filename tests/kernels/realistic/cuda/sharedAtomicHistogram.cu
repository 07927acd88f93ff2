//pass
//--blockDim=256 --gridDim=60
// Shared-memory privatised histogram: each block zeroes NUM_BINS bins in
// shared memory, counts its grid-stride share of the input with atomicAdd
// on the shared bins, and merges into the global histogram with atomicAdd;
// the two-pass variant writes per-block partial histograms and a second
// kernel sums them per bin.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdint.h>
#include <stdio.h>

#define NUM_BINS 256
#define NUM_PARTS 60

__device__ __forceinline__ unsigned int binOf(uint8_t v) { return v % NUM_BINS; }

__global__ void histogramSmemAtomics(const uint8_t *__restrict__ in, unsigned int *__restrict__ bins, int n) {
  __shared__ unsigned int s_bins[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) s_bins[b] = 0;
  __syncthreads();

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&s_bins[binOf(in[i])], 1u);
  __syncthreads();

  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) atomicAdd(&bins[b], s_bins[b]);
}

__global__ void histogramPartials(const uint8_t *__restrict__ in, unsigned int *__restrict__ partials, int n) {
  __shared__ unsigned int s_bins[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) s_bins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&s_bins[binOf(in[i])], 1u);
  __syncthreads();
  unsigned int *out = partials + blockIdx.x * NUM_BINS;
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) out[b] = s_bins[b];
}

__global__ void histogramFinal(const unsigned int *__restrict__ partials, unsigned int *__restrict__ bins, int nParts) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < NUM_BINS) {
    unsigned int total = 0;
    for (int p = 0; p < nParts; ++p) total += partials[p * NUM_BINS + b];
    bins[b] = total;
  }
}

int main() {
  const int n = 1 << 24;
  uint8_t *d_in;
  unsigned int *d_bins, *d_partials;
  checkCudaErrors(cudaMalloc(&d_in, n));
  checkCudaErrors(cudaMalloc(&d_bins, NUM_BINS * sizeof(unsigned int)));
  checkCudaErrors(cudaMalloc(&d_partials, NUM_PARTS * NUM_BINS * sizeof(unsigned int)));
  checkCudaErrors(cudaMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int)));
  histogramSmemAtomics<<<NUM_PARTS, 256>>>(d_in, d_bins, n);
  histogramPartials<<<NUM_PARTS, 256>>>(d_in, d_partials, n);
  histogramFinal<<<1, NUM_BINS>>>(d_partials, d_bins, NUM_PARTS);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("ok\n");
  return 0;
}
