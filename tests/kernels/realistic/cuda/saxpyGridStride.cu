//pass
//--blockDim=256 --gridDim=120
// SAXPY and friends with grid-stride loops, the way the "CUDA pro tip"
// posts and many benchmark suites write them: __launch_bounds__,
// __restrict__ on every pointer, checkCudaErrors around every API call,
// the grid sized from the SM count on the host.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 256

__global__ void __launch_bounds__(THREADS)
saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
  }
}

__global__ void __launch_bounds__(THREADS, 4)
scale_add(int n, const float *__restrict__ a, const float *__restrict__ b,
          float *__restrict__ c, float alpha, float beta) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    c[i] = alpha * a[i] + beta * b[i];
  }
}

template <typename T>
__global__ void fill(T *__restrict__ out, T value, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)blockDim.x * gridDim.x) {
    out[i] = value;
  }
}

int main(int argc, char **argv) {
  int n = 1 << 24;
  float *d_x, *d_y, *d_z;
  checkCudaErrors(cudaMalloc((void **)&d_x, n * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_y, n * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_z, n * sizeof(float)));
  int devId, numSMs;
  checkCudaErrors(cudaGetDevice(&devId));
  checkCudaErrors(cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, devId));
  fill<float><<<32 * numSMs, THREADS>>>(d_x, 1.0f, n);
  fill<float><<<32 * numSMs, THREADS>>>(d_y, 2.0f, n);
  saxpy<<<32 * numSMs, THREADS>>>(n, 2.0f, d_x, d_y);
  scale_add<<<32 * numSMs, THREADS>>>(n, d_x, d_y, d_z, 0.5f, 0.25f);
  getLastCudaError("saxpy failed");
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaFree(d_x));
  checkCudaErrors(cudaFree(d_y));
  checkCudaErrors(cudaFree(d_z));
  printf("done\n");
  return EXIT_SUCCESS;
}
