//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
//race on (states|totalHits)
// Two classic cuRAND mistakes: every thread of a block seeds and draws
// from the block's one state (the state is memory: shared use races), and
// the per-block totals are summed with a plain += instead of atomicAdd.
#include <cuda_runtime.h>
#include <curand_kernel.h>

__global__ void setupSharedState(curandState *states, unsigned long long seed) {
  curand_init(seed, blockIdx.x, 0, &states[blockIdx.x]);
}

__global__ void estimatePiPlainSum(curandState *states, unsigned int *totalHits) {
  __shared__ unsigned int hits[128];
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState localState = states[id];
  float x = curand_uniform(&localState);
  float y = curand_uniform(&localState);
  hits[threadIdx.x] = (x * x + y * y <= 1.0f) ? 1u : 0u;
  states[id] = localState;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) hits[threadIdx.x] += hits[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) *totalHits += hits[0];
}
