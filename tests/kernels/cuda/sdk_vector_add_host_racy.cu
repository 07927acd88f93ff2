//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
//possible write-write race on C\[
// The host-code sample with an off-by-one index: neighbouring threads write
// the same element.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <cstdio>
#include "include/sdk_common.h"

__global__ void vectorAdd(const float *A, const float *B, float *C, int numElements) {
  int i = global_thread_id();
  if (i < numElements)
    C[i / 2] = A[i] + B[i];
}

int main(void) {
  float *d_A, *d_B, *d_C;
  CUDA_CHECK_RETURN(cudaMalloc(&d_A, 1024 * sizeof(float)));
  CUDA_CHECK_RETURN(cudaMalloc(&d_B, 1024 * sizeof(float)));
  CUDA_CHECK_RETURN(cudaMalloc(&d_C, 1024 * sizeof(float)));
  vectorAdd<<<4, 256>>>(d_A, d_B, d_C, 1024);
  getLastCudaError("vectorAdd");
  return 0;
}
