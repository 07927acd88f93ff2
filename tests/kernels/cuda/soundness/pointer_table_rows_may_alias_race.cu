//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible write-write race on \*
// The racy twin of pointer_table_args_alias_assumption.cu: each block
// writes through its own row pointer, but the host may have stored the
// same buffer in rows[0] and rows[1] (nothing says the table's entries
// differ), so the blocks may write the same elements.
#include <cuda_runtime.h>

__global__ void shift_rows(float **rows, float **next_rows, unsigned width) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    next_rows[0] = rows[1];
  float *row = rows[blockIdx.x];
  row[threadIdx.x] = (float)(width * blockIdx.x + threadIdx.x);
}

int main() {
  float **rows, **next_rows;
  cudaMalloc(&rows, 2 * sizeof(float *));
  cudaMalloc(&next_rows, 2 * sizeof(float *));
  shift_rows<<<2, 64>>>(rows, next_rows, 64);
  cudaDeviceSynchronize();
  return 0;
}
