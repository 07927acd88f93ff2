//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4 --no-inline
//possible write-write race on out\[
// return_val_funptr.cu with a helper whose (true) contract allows
// `first_slot` when reversed: every thread may then write out[0].
#include <cuda_runtime.h>

#define N 256

typedef int (*slot_t)(int);

__device__ int own_slot(int i) {
  __ensures(__return_val_int() == i);
  return i;
}
__device__ int first_slot(int i) {
  __ensures(__return_val_int() == 0);
  return 0;
}

__device__ slot_t pick_slot(bool reversed) {
  __ensures(__implies(reversed, __return_val_funptr(slot_t) == first_slot));
  __ensures(__implies(!reversed, __return_val_funptr(slot_t) == own_slot));
  return reversed ? first_slot : own_slot;
}

__global__ void place(float *out, const float *in, bool reversed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  slot_t slot = pick_slot(reversed);
  out[slot(i)] = in[i];
}
