//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=2
//unsupported_forms.cu:14:22: error: unsupported: `__atomic_has_taken_value`
//unsupported_forms.cu:21:13: error: unsupported: `__return_val_funptr`
// Annotations this verifier declares (clang accepts them) and refuses with
// a located message, one kernel each: recorded atomic values and a
// function-pointer result.
#include <cuda_runtime.h>

typedef int (*op_t)(int);

__global__ void counter(unsigned *c, unsigned *out) {
  unsigned v = atomicAdd(c, 1u);
  __assert(__implies(__atomic_has_taken_value(c, 0, v), v < 1000));
  out[blockIdx.x * 64 + threadIdx.x] = v;
}

__device__ int twice(int x) { return 2 * x; }

__device__ op_t pick(int k) {
  __ensures(__return_val_funptr(op_t) == twice);
  return twice;
}

__global__ void through_pointer(int *out) {
  op_t f = pick(threadIdx.x);
  out[threadIdx.x] = f(threadIdx.x);
}
