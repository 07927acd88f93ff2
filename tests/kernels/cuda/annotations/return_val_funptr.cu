//pass
//--blockDim=64 --gridDim=4 --no-inline
// A helper picks how elements are placed and states which placement with
// `__return_val_funptr(T)`; under --no-inline the caller knows only the
// contracts, so the call through the pointer is split over the functions
// the contract allows (`own_slot`, `mirrored_slot`), never `first_slot`.
#include <cuda_runtime.h>

#define N 256

typedef int (*slot_t)(int);

__device__ int own_slot(int i) {
  __ensures(__return_val_int() == i);
  return i;
}
__device__ int mirrored_slot(int i) {
  __requires(i >= 0 & i < N);
  __ensures(__return_val_int() == N - 1 - i);
  return N - 1 - i;
}
__device__ int first_slot(int i) {
  __ensures(__return_val_int() == 0);
  return 0;
}

__device__ slot_t pick_slot(bool reversed) {
  __ensures(__implies(reversed, __return_val_funptr(slot_t) == mirrored_slot));
  __ensures(__implies(!reversed, __return_val_funptr(slot_t) == own_slot));
  return reversed ? mirrored_slot : own_slot;
}

__global__ void place(float *out, const float *in, bool reversed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  slot_t slot = pick_slot(reversed);
  out[slot(i)] = in[i];
}

// `first_slot` has its address taken, so it is a possible target of every
// call of type slot_t: only the contract rules it out above.
__global__ void gather_first(float *out, const float *in) {
  slot_t first = first_slot;
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    out[first(0)] = in[0];
  }
}

int main() {
  float *d_in, *d_out;
  cudaMalloc(&d_in, N * sizeof(float));
  cudaMalloc(&d_out, N * sizeof(float));
  place<<<4, 64>>>(d_out, d_in, true);
  gather_first<<<4, 64>>>(d_out, d_in);
  cudaDeviceSynchronize();
  return 0;
}
