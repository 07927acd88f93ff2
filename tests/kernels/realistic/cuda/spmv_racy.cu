//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=256
//race on y
// CSR vector kernel where every lane adds its partial sum into y[row]
// with a plain += (no shuffle reduction, no atomic).
#include <cuda_runtime.h>

__global__ void spmv_csr_vector_plain(const int num_rows, const int *ptr, const int *indices,
                                     const float *data, const float *x, float *y) {
  int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
  int row = thread_id / 32;
  int lane = thread_id & 31;
  if (row < num_rows) {
    float sum = 0;
    for (int jj = ptr[row] + lane; jj < ptr[row + 1]; jj += 32) sum += data[jj] * x[indices[jj]];
    y[row] += sum;
  }
}
