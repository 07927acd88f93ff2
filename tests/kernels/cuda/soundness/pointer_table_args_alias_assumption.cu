//pass
//--blockDim=64 --gridDim=2
//assuming:.*the array arguments `next_rows`, `rows` do not alias
// A row table the kernel only reads (constant for the launch) next to one
// it writes: race-free only because the two arguments are different
// buffers, which the verdict must say (s6: a read-only pointer table was
// left out of the no-alias assumption).
#include <cuda_runtime.h>

__global__ void shift_rows(float **rows, float **next_rows, unsigned width) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    next_rows[0] = rows[1];
  if (blockIdx.x == 0) {
    float *row = rows[0];
    row[threadIdx.x] = (float)(width * threadIdx.x);
  }
}

int main() {
  float **rows, **next_rows;
  cudaMalloc(&rows, 2 * sizeof(float *));
  cudaMalloc(&next_rows, 2 * sizeof(float *));
  shift_rows<<<2, 64>>>(rows, next_rows, 64);
  cudaDeviceSynchronize();
  return 0;
}
