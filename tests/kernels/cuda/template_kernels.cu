//pass
//--blockDim=128 --gridDim=2
//kernel `reverse_block<float, 128>`
//kernel `reverse_block<int, 128>`
//kernel `fill<double>`
// Template kernels: each launched or explicitly instantiated instantiation
// is verified and named as in C++.
#include <cuda_runtime.h>

template <typename T, int BLOCK>
__global__ void reverse_block(T *data) {
  __shared__ T tile[BLOCK];
  int base = blockIdx.x * BLOCK;
  tile[threadIdx.x] = data[base + threadIdx.x];
  __syncthreads();
  data[base + threadIdx.x] = tile[BLOCK - 1 - threadIdx.x];
}

template <typename T>
__global__ void fill(T *out, T value) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

template __global__ void fill<double>(double *, double);

int main() {
  float *f; int *i;
  cudaMalloc(&f, 256 * sizeof(float));
  cudaMalloc(&i, 256 * sizeof(int));
  reverse_block<float, 128><<<2, 128>>>(f);
  reverse_block<int, 128><<<dim3(2), dim3(128)>>>(i);
  return 0;
}
