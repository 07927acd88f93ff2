//pass
//--blockDim=128 --gridDim=256
// Sparse matrix-vector products: CSR scalar (one row per thread), CSR
// vector (one warp per row, shuffle reduction), ELL (column-major slabs).
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define WARP_SIZE 32

__global__ void spmv_csr_scalar_kernel(const int num_rows, const int *ptr, const int *indices,
                                       const float *data, const float *x, float *y) {
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < num_rows) {
    float dot = 0;
    int row_start = ptr[row];
    int row_end = ptr[row + 1];
    for (int jj = row_start; jj < row_end; jj++) dot += data[jj] * x[indices[jj]];
    y[row] += dot;
  }
}

__global__ void spmv_csr_vector_kernel(const int num_rows, const int *ptr, const int *indices,
                                       const float *data, const float *x, float *y) {
  int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
  int warp_id = thread_id / WARP_SIZE;
  int lane = thread_id & (WARP_SIZE - 1);
  int row = warp_id;
  if (row < num_rows) {
    int row_start = ptr[row];
    int row_end = ptr[row + 1];
    float sum = 0;
    for (int jj = row_start + lane; jj < row_end; jj += WARP_SIZE) sum += data[jj] * x[indices[jj]];
    for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xffffffff, sum, offset);
    if (lane == 0) y[row] += sum;
  }
}

__global__ void spmv_ell_kernel(const int num_rows, const int num_cols_per_row, const int *indices,
                                const float *data, const float *x, float *y) {
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < num_rows) {
    float dot = 0;
    for (int n = 0; n < num_cols_per_row; n++) {
      int col = indices[num_rows * n + row];
      float val = data[num_rows * n + row];
      if (val != 0) dot += val * x[col];
    }
    y[row] += dot;
  }
}

int main() {
  int num_rows = 32768, nnz = 32768 * 27;
  int *d_ptr, *d_idx;
  float *d_val, *d_x, *d_y;
  checkCudaErrors(cudaMalloc(&d_ptr, (num_rows + 1) * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_idx, nnz * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_val, nnz * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_x, num_rows * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_y, num_rows * sizeof(float)));
  spmv_csr_scalar_kernel<<<256, 128>>>(num_rows, d_ptr, d_idx, d_val, d_x, d_y);
  spmv_csr_vector_kernel<<<num_rows * 32 / 128, 128>>>(num_rows, d_ptr, d_idx, d_val, d_x, d_y);
  spmv_ell_kernel<<<256, 128>>>(num_rows, 27, d_idx, d_val, d_x, d_y);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
