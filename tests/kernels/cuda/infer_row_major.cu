//pass
//--blockDim=[16,16] --gridDim=[4,4]
// A 2-D element-wise kernel over a matrix whose size the host passes at run
// time, the way CUDA samples launch one thread per element:
// `if (col < cols && row < rows) c[row * cols + col] = ...`. Distinct
// elements have distinct row-major indices only if row * cols + col does
// not wrap around 2^32; the verifier assumes that for indices whose column
// is inside the row, and prints it. Racy twin: infer_row_major_racy.cu.
#include <cuda_runtime.h>
#include <helper_cuda.h>

template <typename T>
__global__ void matAdd(T *c, const T *a, const T *b, unsigned int rows, unsigned int cols) {
  unsigned int col = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < cols && row < rows) {
    unsigned int i = row * cols + col;
    c[i] = a[i] + b[i];
  }
}

int main() {
  const unsigned int rows = 60, cols = 50;
  int *a, *b, *c;
  checkCudaErrors(cudaMalloc(&a, rows * cols * sizeof(int)));
  checkCudaErrors(cudaMalloc(&b, rows * cols * sizeof(int)));
  checkCudaErrors(cudaMalloc(&c, rows * cols * sizeof(int)));
  dim3 block(16, 16);
  dim3 grid((cols + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
  matAdd<int><<<grid, block>>>(c, a, b, rows, cols);
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaFree(a));
  checkCudaErrors(cudaFree(b));
  checkCudaErrors(cudaFree(c));
  return 0;
}
