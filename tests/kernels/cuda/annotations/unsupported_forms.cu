//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=2
//unsupported_forms.cu:17:3: error: unsupported: `__barrier_invariant_binary_N`
//unsupported_forms.cu:24:22: error: unsupported: `__atomic_has_taken_value`
//unsupported_forms.cu:31:13: error: unsupported: `__return_val_funptr`
// Annotations this verifier declares (clang accepts them) and refuses with
// a located message, one kernel each: the pairwise barrier invariant,
// recorded atomic values, and a function-pointer result.
#include <cuda_runtime.h>

typedef int (*op_t)(int);

__global__ void pairwise(int *out) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = t;
  __barrier_invariant_binary_1(s[t] < s[(t + 1) % 64] | (t == 63), t, (t + 1) % 64);
  __syncthreads();
  out[s[t]] = t;
}

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
