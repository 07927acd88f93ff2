//pass
//--blockDim=64 --gridDim=8
// A by-value argument copied to a local (`Params q = p`, a 12-byte copy)
// and passed on by value to a helper: the copies keep the host's pointers,
// each field its own buffer.
#include <cuda_runtime.h>

struct Params {
  const float *in;
  float *out;
  int n;
};

__device__ void run(Params q, int i) {
  if (i < q.n)
    q.out[i] = q.in[i] + 1.0f;
}

__global__ void copyThenRun(Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Params q = p;
  q.out[i] = q.in[i + 1];
  run(p, i);
}
