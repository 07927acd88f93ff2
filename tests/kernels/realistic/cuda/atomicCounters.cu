//pass
//--blockDim=128 --gridDim=64
// Atomics as real code uses them: a global work counter handing out
// chunks, per-block partial counts aggregated with one atomic per block,
// a lock-free max, and the "last block done" pattern with a fence.
#include <cuda_runtime.h>
#include <helper_cuda.h>

__device__ unsigned int retirementCount = 0;

__global__ void persistentWorkQueue(const float *in, float *out, unsigned int *nextItem, unsigned int n) {
  __shared__ unsigned int base;
  while (true) {
    if (threadIdx.x == 0) base = atomicAdd(nextItem, blockDim.x);
    __syncthreads();
    unsigned int myBase = base;
    __syncthreads();
    if (myBase >= n) break;
    unsigned int i = myBase + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[i];
  }
}

__global__ void countMatches(const int *data, int n, int key, unsigned int *total) {
  __shared__ unsigned int blockCount;
  if (threadIdx.x == 0) blockCount = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    if (data[i] == key) atomicAdd(&blockCount, 1u);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(total, blockCount);
}

__global__ void atomicMaxFloat(const float *data, int n, int *maxBits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = data[i];
    if (v >= 0.0f) atomicMax(maxBits, __float_as_int(v));
  }
}

__global__ void sumLastBlock(const float *in, float *partial, float *result, unsigned int n) {
  __shared__ float s[128];
  __shared__ bool amLast;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
    amLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (amLast && threadIdx.x == 0) {
    float total = 0.0f;
    for (unsigned int b = 0; b < gridDim.x; b++) total += partial[b];
    *result = total;
    retirementCount = 0;
  }
}
