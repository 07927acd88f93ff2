//pass
//--blockDim=256 --gridDim=64
// Thrust-style element-wise kernels taking their operation as a template
// functor by value: map<Op> launched with a scaling functor (state in a
// member) and a clamping functor, zip<Op> with a binary functor, and a
// grid-stride transform that applies a functor reading a lookup table.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>

struct Scale {
  float factor;
  __host__ __device__ float operator()(float x) const { return factor * x; }
};

struct Clamp {
  float lo, hi;
  __host__ __device__ float operator()(float x) const { return fminf(fmaxf(x, lo), hi); }
};

struct Saxpy {
  float a;
  __device__ float operator()(float x, float y) const { return a * x + y; }
};

struct Lookup {
  const float *table;
  int size;
  __device__ float operator()(float x) const {
    int k = (int)x;
    return table[k < 0 ? 0 : (k >= size ? size - 1 : k)];
  }
};

template <class Op>
__global__ void map(Op op, const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(in[i]);
}

template <class Op>
__global__ void zip(Op op, const float *__restrict__ x, const float *__restrict__ y, float *__restrict__ z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = op(x[i], y[i]);
}

template <class Op>
__global__ void transformInPlace(Op op, float *data, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    data[i] = op(data[i]);
}

int main() {
  const int n = 1 << 20;
  float *d_a, *d_b, *d_c, *d_table;
  checkCudaErrors(cudaMalloc(&d_a, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_b, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_c, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_table, 256 * sizeof(float)));
  const int threads = 256, blocks = (n + threads - 1) / threads;
  map<<<blocks, threads>>>(Scale{2.0f}, d_a, d_b, n);
  map<<<blocks, threads>>>(Clamp{0.0f, 1.0f}, d_b, d_c, n);
  zip<<<blocks, threads>>>(Saxpy{0.5f}, d_a, d_b, d_c, n);
  transformInPlace<<<64, threads>>>(Lookup{d_table, 256}, d_c, n);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("ok\n");
  return 0;
}
