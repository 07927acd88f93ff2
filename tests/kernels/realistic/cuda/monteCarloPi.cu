//pass
//--blockDim=128 --gridDim=64
// Monte Carlo estimate of pi with the cuRAND device API: one setup kernel
// seeding a curandState per thread, a kernel drawing points and reducing
// the hits per block in shared memory, and a final atomicAdd.
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <helper_cuda.h>
#include <stdio.h>

#define THREADS 128
#define ITERATIONS 1000

__global__ void setupStates(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void estimatePi(curandState *states, unsigned int *totalHits) {
  __shared__ unsigned int hits[THREADS];
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState localState = states[id];
  unsigned int count = 0;
  for (int i = 0; i < ITERATIONS; ++i) {
    float x = curand_uniform(&localState);
    float y = curand_uniform(&localState);
    if (x * x + y * y <= 1.0f) count++;
  }
  states[id] = localState;
  hits[threadIdx.x] = count;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) hits[threadIdx.x] += hits[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(totalHits, hits[0]);
}

int main() {
  curandState *d_states;
  unsigned int *d_hits, h_hits = 0;
  checkCudaErrors(cudaMalloc(&d_states, 64 * THREADS * sizeof(curandState)));
  checkCudaErrors(cudaMalloc(&d_hits, sizeof(unsigned int)));
  checkCudaErrors(cudaMemset(d_hits, 0, sizeof(unsigned int)));
  setupStates<<<64, THREADS>>>(d_states, 1234ULL);
  estimatePi<<<64, THREADS>>>(d_states, d_hits);
  checkCudaErrors(cudaMemcpy(&h_hits, d_hits, sizeof(unsigned int), cudaMemcpyDeviceToHost));
  printf("pi ~ %f\n", 4.0 * h_hits / (64.0 * THREADS * ITERATIONS));
  return 0;
}
