//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4]
//possible write-write race on c\[
// Racy twin of infer_row_major.cu: the index swaps row and column
// (col * cols + row) while the guard bounds row by rows, so for rows > cols
// element (col, row = cols) is element (col + 1, 0) of another thread.
#include <cuda_runtime.h>
#include <helper_cuda.h>

template <typename T>
__global__ void matAdd(T *c, const T *a, const T *b, unsigned int rows, unsigned int cols) {
  unsigned int col = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < cols && row < rows) {
    unsigned int i = col * cols + row;
    c[i] = a[i] + b[i];
  }
}

int main() {
  int *a, *b, *c;
  checkCudaErrors(cudaMalloc(&a, 60 * 50 * sizeof(int)));
  checkCudaErrors(cudaMalloc(&b, 60 * 50 * sizeof(int)));
  checkCudaErrors(cudaMalloc(&c, 60 * 50 * sizeof(int)));
  matAdd<int><<<dim3(4, 4), dim3(16, 16)>>>(c, a, b, 60, 50);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
