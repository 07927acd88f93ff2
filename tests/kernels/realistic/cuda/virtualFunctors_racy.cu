//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//race on out
// The functor kernel writing a block-wide running result: every thread of
// the block accumulates into out[blockIdx.x] through the virtual call's
// result, unsynchronised.
#include <cuda_runtime.h>

struct Activation {
  __device__ virtual float operator()(float x) const = 0;
};
struct Relu : Activation {
  __device__ float operator()(float x) const override { return x > 0.0f ? x : 0.0f; }
};
struct Tanhish : Activation {
  __device__ float operator()(float x) const override { return x / (1.0f + fabsf(x)); }
};

__global__ void blockActivate(const float *in, float *out, int kind) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Relu relu;
  Tanhish th;
  const Activation *f = kind ? static_cast<const Activation *>(&th)
                             : static_cast<const Activation *>(&relu);
  out[blockIdx.x] += (*f)(in[i]);
}
