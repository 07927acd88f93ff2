//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=120
//possible (read-write|write-read) race on y\[
// saxpyGridStride.cu with an off-by-one smoothing step: each iteration
// also reads its right neighbour, which another thread writes.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define THREADS 256

__global__ void __launch_bounds__(THREADS)
saxpy_smooth(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i + 1 < n; i += blockDim.x * gridDim.x) {
    y[i] = a * x[i] + 0.5f * (y[i] + y[i + 1]);
  }
}

int main() {
  int n = 1 << 20;
  float *d_x, *d_y;
  checkCudaErrors(cudaMalloc(&d_x, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_y, n * sizeof(float)));
  saxpy_smooth<<<120, THREADS>>>(n, 2.0f, d_x, d_y);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
