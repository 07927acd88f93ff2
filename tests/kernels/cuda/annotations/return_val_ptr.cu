//pass
//--blockDim=128 --gridDim=16 --no-inline
// A device helper returning a pointer into the block's slice, with its
// result stated by `__return_val_ptr()`; callers see only the contract.
#include <cuda_runtime.h>

__device__ int *slice_of(int *data, unsigned block) {
  __ensures(__return_val_ptr() == data + block * 128);
  return data + block * 128;
}

__global__ void clear(int *data) {
  int *mine = slice_of(data, blockIdx.x);
  mine[threadIdx.x] = 0;
}
