//pass
//--blockDim=256 --gridDim=128 -DACCUM_N=1024
// Scalar products of many vector pairs, the SDK way: each block takes
// vectors in a grid-stride loop, its threads accumulate ACCUM_N partial
// sums in shared memory, then a tree over the accumulators.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>

#ifndef ACCUM_N
#define ACCUM_N 1024
#endif
#define VECTOR_N 256
#define ELEMENT_N 4096

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

    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int iAccum = threadIdx.x; iAccum < stride; iAccum += blockDim.x)
        accumResult[iAccum] += accumResult[stride + iAccum];
    }

    __syncthreads();
    if (threadIdx.x == 0) d_C[vec] = accumResult[0];
  }
}

int main(int argc, char **argv) {
  float *d_A, *d_B, *d_C;
  checkCudaErrors(cudaMalloc((void **)&d_A, VECTOR_N * ELEMENT_N * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_B, VECTOR_N * ELEMENT_N * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_C, VECTOR_N * sizeof(float)));
  scalarProdGPU<<<128, 256>>>(d_C, d_A, d_B, VECTOR_N, ELEMENT_N);
  getLastCudaError("scalarProdGPU() execution failed.\n");
  checkCudaErrors(cudaDeviceSynchronize());
  printf("done\n");
  return 0;
}
