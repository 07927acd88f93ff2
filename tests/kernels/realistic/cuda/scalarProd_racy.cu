//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=128 -DACCUM_N=1024
//race on accumResult
// The scalar product with the barrier moved after the tree step: a
// thread adds accumResult[stride + i] while its owner may still be adding
// into it in the previous level.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#ifndef ACCUM_N
#define ACCUM_N 1024
#endif

__global__ void scalarProdGPU(float *d_C, const float *d_A, const float *d_B, int vectorN,
                              int elementN) {
  __shared__ float accumResult[ACCUM_N];
  for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
    int vectorBase = elementN * vec;
    int vectorEnd = vectorBase + elementN;
    for (int iAccum = threadIdx.x; iAccum < ACCUM_N; iAccum += blockDim.x) {
      float sum = 0;
      for (int pos = vectorBase + iAccum; pos < vectorEnd; pos += ACCUM_N)
        sum += d_A[pos] * d_B[pos];
      accumResult[iAccum] = sum;
    }
    __syncthreads();
    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      for (int iAccum = threadIdx.x; iAccum < stride; iAccum += blockDim.x)
        accumResult[iAccum] += accumResult[stride + iAccum];
    }
    __syncthreads();
    if (threadIdx.x == 0) d_C[vec] = accumResult[0];
  }
}
