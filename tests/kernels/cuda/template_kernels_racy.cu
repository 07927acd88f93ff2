//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=2
//reverse_block<float, 64>
//possible .*race
// One instantiation assumes 64 threads per block but is launched with 128:
// two threads of a block write each element of the tile.
#include <cuda_runtime.h>

template <typename T, int BLOCK>
__global__ void reverse_block(T *data) {
  __shared__ T tile[BLOCK];
  int base = blockIdx.x * BLOCK;
  tile[threadIdx.x % BLOCK] = data[base + threadIdx.x];
  __syncthreads();
  data[base + threadIdx.x] = tile[BLOCK - 1 - threadIdx.x % BLOCK];
}

int main() {
  float *f;
  cudaMalloc(&f, 256 * sizeof(float));
  reverse_block<float, 64><<<2, 128>>>(f);
  return 0;
}
