//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16 --no-inline
//return_val_ptr_false.cu:10:3: error: postcondition might not hold
// The helper hands two blocks the same slice, which its postcondition
// (stated with `__return_val_ptr()`) denies.
#include <cuda_runtime.h>

__device__ int *slice_of(int *data, unsigned block) {
  // Meant: data + block * 128.
  __ensures(__return_val_ptr() == data + block * 128);
  return data + (block >> 1) * 128;
}

__global__ void clear(int *data) {
  int *mine = slice_of(data, blockIdx.x);
  mine[threadIdx.x] = (int)blockIdx.x;
}
