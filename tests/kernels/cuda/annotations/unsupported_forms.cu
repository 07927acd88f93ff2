//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=2
//unsupported_forms.cu:10:22: error: unsupported: `__atomic_has_taken_value`
// An annotation this verifier declares (clang accepts it) and refuses with
// a located message: recorded atomic values.
#include <cuda_runtime.h>

__global__ void counter(unsigned *c, unsigned *out) {
  unsigned v = atomicAdd(c, 1u);
  __assert(__implies(__atomic_has_taken_value(c, 0, v), v < 1000));
  out[blockIdx.x * 64 + threadIdx.x] = v;
}
