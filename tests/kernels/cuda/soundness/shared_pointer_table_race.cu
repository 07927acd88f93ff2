//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible write-write race on planes\[
// Pointers published in __shared__ memory by thread 0. scatter_pairs:
// threads 2k and 2k + 1 write one element of the published row.
// scatter_rows: a table of row pointers; threads t and t + 4 pick the same
// row and column (row t % 4, column t / 8).
#include <cuda_runtime.h>

#define ROWS 4
#define WIDTH 8

__global__ void scatter_pairs(float *planes) {
  __shared__ float *row;
  if (threadIdx.x == 0)
    row = planes + blockIdx.x * blockDim.x;
  __syncthreads();
  row[threadIdx.x / 2] = (float)threadIdx.x;
}

__global__ void scatter_rows(float *planes) {
  __shared__ float *row_ptr[ROWS];
  if (threadIdx.x < ROWS)
    row_ptr[threadIdx.x] = planes + (blockIdx.x * ROWS + threadIdx.x) * WIDTH;
  __syncthreads();
  row_ptr[threadIdx.x % ROWS][threadIdx.x / WIDTH] = (float)threadIdx.x;
}

int main() {
  float *planes;
  cudaMalloc(&planes, 64 * sizeof(float));
  scatter_pairs<<<1, 64>>>(planes);
  scatter_rows<<<1, 64>>>(planes);
  cudaDeviceSynchronize();
  return 0;
}
