//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=2
//unsupported_forms.cu:13:13: error: unsupported: `__return_val_funptr`
// An annotation this verifier declares (clang accepts it) and refuses with
// a located message: a function-pointer result.
#include <cuda_runtime.h>

typedef int (*op_t)(int);

__device__ int twice(int x) { return 2 * x; }

__device__ op_t pick(int k) {
  __ensures(__return_val_funptr(op_t) == twice);
  return twice;
}

__global__ void through_pointer(int *out) {
  op_t f = pick(threadIdx.x);
  out[threadIdx.x] = f(threadIdx.x);
}
