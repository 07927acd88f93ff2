//pass
//--blockDim=128 --gridDim=64 -DNUM_STEPS=256
// Binomial option pricing, SDK structure: one block per option, the leaf
// call values computed into a shared array, then NUM_STEPS backward
// induction steps, each reading a neighbour's value with a barrier
// between the reads and the writes.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#ifndef NUM_STEPS
#define NUM_STEPS 256
#endif
#define THREADBLOCK_SIZE 128

typedef struct {
  float S, X, vDt, puByDf, pdByDf;
} __TOptionData;

static __constant__ __TOptionData d_OptionData[64];

__device__ inline float expiryCallValue(float S, float X, float vDt, int i) {
  float d = S * __expf(vDt * (2.0f * i - NUM_STEPS)) - X;
  return (d > 0.0f) ? d : 0.0f;
}

__global__ void binomialOptionsKernel(float *d_CallValue) {
  __shared__ float call_exchange[THREADBLOCK_SIZE + 1];
  const int tid = threadIdx.x;
  const float S = d_OptionData[blockIdx.x].S;
  const float X = d_OptionData[blockIdx.x].X;
  const float vDt = d_OptionData[blockIdx.x].vDt;
  const float puByDf = d_OptionData[blockIdx.x].puByDf;
  const float pdByDf = d_OptionData[blockIdx.x].pdByDf;

  float call[NUM_STEPS / THREADBLOCK_SIZE + 1];
  for (int i = 0; i < NUM_STEPS / THREADBLOCK_SIZE + 1; ++i)
    call[i] = expiryCallValue(S, X, vDt, tid * (NUM_STEPS / THREADBLOCK_SIZE) + i);

  if (tid == 0) call_exchange[THREADBLOCK_SIZE] = call[NUM_STEPS / THREADBLOCK_SIZE];

  for (int i = NUM_STEPS; i > 0; --i) {
    call_exchange[tid] = call[0];
    __syncthreads();
    call[NUM_STEPS / THREADBLOCK_SIZE] = call_exchange[tid + 1];
    __syncthreads();
    for (int j = 0; j < NUM_STEPS / THREADBLOCK_SIZE; ++j)
      call[j] = puByDf * call[j + 1] + pdByDf * call[j];
  }
  if (tid == 0) d_CallValue[blockIdx.x] = call[0];
}

int main() {
  float *d_CallValue;
  __TOptionData h_OptionData[64] = {};
  checkCudaErrors(cudaMemcpyToSymbol(d_OptionData, h_OptionData, sizeof(h_OptionData)));
  checkCudaErrors(cudaMalloc(&d_CallValue, 64 * sizeof(float)));
  binomialOptionsKernel<<<64, THREADBLOCK_SIZE>>>(d_CallValue);
  return 0;
}
