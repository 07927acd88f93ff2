//pass
//--blockDim=64 --gridDim=8
//the array arguments `p.in`, `p.out` do not alias
// The pointer fields of a by-value argument follow the rule of pointer
// arguments: each is its own buffer. The host below passes one buffer
// twice (an in-place update), under which the shifted copy races; the
// verdict rests on the printed assumption, exactly as it would for
// `shift(float *in, float *out)`.
#include <cuda_runtime.h>

struct Shift {
  const float *in;
  float *out;
  int n;
};

__global__ void shift(Shift p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < p.n)
    p.out[i] = p.in[i + 1];
}

int main() {
  float *buf;
  cudaMalloc(&buf, 512 * sizeof(float));
  Shift p = {buf, buf, 512};
  shift<<<8, 64>>>(p);
  return 0;
}
