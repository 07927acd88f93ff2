//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//possible (read-write|write-read) race on data
//possible (write-write|read-write|write-read) race on out
// templateFunctorMap.cu's kernels with index slips, each launched with two
// functors: an in-place map whose functor sees the neighbour's element (a
// neighbour writes it), and a map that compacts two inputs per thread into
// one output slot shared with the next thread.
#include <cuda_runtime.h>

struct Scale {
  float factor;
  __device__ float operator()(float x) const { return factor * x; }
};
struct Clamp {
  float lo, hi;
  __device__ float operator()(float x) const { return fminf(fmaxf(x, lo), hi); }
};

template <class Op>
__global__ void smoothInPlace(Op op, float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) data[i] = op(0.5f * (data[i] + data[i + 1]));
}

template <class Op>
__global__ void pairMap(Op op, const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (2 * i + 1 < n) out[(2 * i + 1) / 2 + (i & 1)] = op(in[2 * i]) + op(in[2 * i + 1]);
}

int main() {
  float *d_a, *d_b;
  const int n = 1 << 20;
  cudaMalloc(&d_a, n * sizeof(float));
  cudaMalloc(&d_b, n * sizeof(float));
  smoothInPlace<<<n / 256, 256>>>(Scale{2.0f}, d_a, n);
  smoothInPlace<<<n / 256, 256>>>(Clamp{0.0f, 1.0f}, d_a, n);
  pairMap<<<n / 512, 256>>>(Scale{0.5f}, d_a, d_b, n);
  pairMap<<<n / 512, 256>>>(Clamp{-1.0f, 1.0f}, d_a, d_b, n);
  return 0;
}
