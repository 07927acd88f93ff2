//pass
//--blockDim=256 --gridDim=4
// A vector addition sample as it is shipped: runtime headers, device printf
// and assert, a constant table filled by the host, host code with <<<>>>.
#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <helper_cuda.h>
#include <cassert>
#include <iostream>
#include <vector>
#include "include/sdk_common.h"

__constant__ float c_scale[4];

__global__ void vectorAdd(const float *A, const float *B, float *C, int numElements) {
  int i = global_thread_id();
  if (i < numElements) {
    assert(i >= 0);
    C[i] = (A[i] + B[i]) * c_scale[i & 3];
  }
  if (i == 0)
    printf("vectorAdd: %d elements\n", numElements);
}

int main(void) {
  const int numElements = 50000;
  size_t size = numElements * sizeof(float);
  std::vector<float> h_A(numElements, 1.0f), h_B(numElements, 2.0f), h_C(numElements);
  float h_scale[4] = {1, 1, 1, 1};
  float *d_A = NULL, *d_B = NULL, *d_C = NULL;
  CUDA_CHECK_RETURN(cudaMalloc((void **)&d_A, size));
  CUDA_CHECK_RETURN(cudaMalloc(&d_B, size));
  checkCudaErrors(cudaMalloc(&d_C, size));
  checkCudaErrors(cudaMemcpy(d_A, h_A.data(), size, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpyToSymbol(c_scale, h_scale, sizeof(h_scale)));
  int threadsPerBlock = 256;
  int blocksPerGrid = (numElements + threadsPerBlock - 1) / threadsPerBlock;
  vectorAdd<<<blocksPerGrid, threadsPerBlock>>>(d_A, d_B, d_C, numElements);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    std::cerr << "launch failed: " << cudaGetErrorString(err) << std::endl;
    return EXIT_FAILURE;
  }
  cudaDeviceSynchronize();
  cudaMemcpy(h_C.data(), d_C, size, cudaMemcpyDeviceToHost);
  cudaFree(d_A); cudaFree(d_B); cudaFree(d_C);
  printf("Done\n");
  return 0;
}
