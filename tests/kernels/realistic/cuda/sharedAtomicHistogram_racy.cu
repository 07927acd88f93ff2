//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=60
//possible write-atomic race on s_bins
//possible (write-write|read-write|write-read) race on bins
// sharedAtomicHistogram.cu with the two classic slips: no __syncthreads()
// between zeroing the shared bins and counting into them, and the merge to
// the global histogram with a plain `+=` (blocks race on every bin).
#include <cuda_runtime.h>
#include <stdint.h>

#define NUM_BINS 256

__global__ void histogramNoInitSync(const uint8_t *__restrict__ in, unsigned int *__restrict__ partials, int n) {
  __shared__ unsigned int s_bins[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) s_bins[b] = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&s_bins[in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) partials[blockIdx.x * NUM_BINS + b] = s_bins[b];
}

__global__ void histogramPlainMerge(const uint8_t *__restrict__ in, unsigned int *__restrict__ bins, int n) {
  __shared__ unsigned int s_hist[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) s_hist[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&s_hist[in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) bins[b] += s_hist[b];
}
