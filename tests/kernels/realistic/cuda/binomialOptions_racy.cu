//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
//race on call_exchange
// The backward induction with the second barrier removed: a thread of the
// next step overwrites call_exchange[tid] before its left neighbour has
// read it as call_exchange[tid + 1].
#include <cuda_runtime.h>

#define NUM_STEPS 128
#define THREADBLOCK_SIZE 128

__global__ void binomialOptionsOneSync(const float *d_Leaf, float *d_CallValue, float pu,
                                       float pd) {
  __shared__ float call_exchange[THREADBLOCK_SIZE + 1];
  const int tid = threadIdx.x;
  float call0 = d_Leaf[blockIdx.x * (THREADBLOCK_SIZE + 1) + tid];
  float call1 = d_Leaf[blockIdx.x * (THREADBLOCK_SIZE + 1) + tid + 1];
  if (tid == 0) call_exchange[THREADBLOCK_SIZE] = call1;
  for (int i = NUM_STEPS; i > 0; --i) {
    call_exchange[tid] = call0;
    __syncthreads();
    call1 = call_exchange[tid + 1];
    call0 = pu * call1 + pd * call0;
  }
  if (tid == 0) d_CallValue[blockIdx.x] = call0;
}
