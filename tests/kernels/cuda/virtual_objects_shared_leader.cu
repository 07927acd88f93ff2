//pass
//--blockDim=128 --gridDim=4
// One polymorphic filter per block, constructed in shared memory by
// thread 0 (placement new of the variant the host picked), published by a
// barrier, then applied by every thread through a virtual call.
#include <cuda_runtime.h>
#include <new>

class Filter {
public:
  __device__ explicit Filter(float g) : gain(g), taps(3) {}
  __device__ virtual float apply(const float *x, int i) const = 0;
protected:
  float gain;
  char taps;
};

class BoxFilter : public Filter {
public:
  __device__ explicit BoxFilter(float g) : Filter(g) {}
  __device__ float apply(const float *x, int i) const override {
    return gain * (x[i - 1] + x[i] + x[i + 1]) / taps;
  }
};

class SharpenFilter : public Filter {
public:
  __device__ explicit SharpenFilter(float g) : Filter(g) {}
  __device__ float apply(const float *x, int i) const override {
    return gain * (2.0f * x[i] - 0.5f * (x[i - 1] + x[i + 1]));
  }
};

__global__ void applyFilter(const float *in, float *out, int kind, float gain) {
  __shared__ __align__(8) unsigned char storage[sizeof(SharpenFilter)];
  Filter *f = reinterpret_cast<Filter *>(storage);
  if (threadIdx.x == 0) {
    if (kind == 0)
      new (f) BoxFilter(gain);
    else
      new (f) SharpenFilter(gain);
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  out[i] = f->apply(in, i);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, (512 + 2) * sizeof(float));
  cudaMalloc(&out, (512 + 2) * sizeof(float));
  applyFilter<<<4, 128>>>(in, out, 1, 0.5f);
  cudaDeviceSynchronize();
  return 0;
}
