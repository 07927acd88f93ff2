//pass
//--blockDim=128 --gridDim=16
// Polymorphism as device code uses it: activation functors with virtual
// operator(), constructed per thread in private memory and selected by a
// kernel argument, and a templated layer kernel calling through the base
// class (a virtual call resolved to the derived classes' methods).
#include <cuda_runtime.h>
#include <helper_cuda.h>

struct Activation {
  __device__ virtual float operator()(float x) const = 0;
  __device__ virtual ~Activation() {}
};
struct Relu : Activation {
  __device__ float operator()(float x) const override { return x > 0.0f ? x : 0.0f; }
};
struct LeakyRelu : Activation {
  float slope;
  __device__ explicit LeakyRelu(float s) : slope(s) {}
  __device__ float operator()(float x) const override { return x > 0.0f ? x : slope * x; }
};

__device__ float applyAll(const Activation &f, const float *row, int n) {
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) acc += f(row[k]);
  return acc;
}

template <int WIDTH>
__global__ void denseActivate(const float *in, float *out, int kind) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Relu relu;
  LeakyRelu leaky(0.01f);
  const Activation *f = kind == 0 ? static_cast<const Activation *>(&relu)
                                  : static_cast<const Activation *>(&leaky);
  out[i] = applyAll(*f, in + i * WIDTH, WIDTH);
}

template __global__ void denseActivate<8>(const float *, float *, int);

int main() {
  float *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, 2048 * 8 * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, 2048 * sizeof(float)));
  denseActivate<8><<<16, 128>>>(d_in, d_out, 1);
  return 0;
}
