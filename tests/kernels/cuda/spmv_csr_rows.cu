//pass
//--blockDim=128 --gridDim=16

#include <cuda_runtime.h>

// y = A * x for a CSR matrix, one thread per row: the inner loop walks the
// thread's own row, row_ptr[row] .. row_ptr[row + 1].
__global__ void spmv_csr(int rows, const int *row_ptr, const int *cols,
                         const float *vals, const float *x, float *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        float sum = 0.0f;
        int row_start = row_ptr[row];
        int row_end = row_ptr[row + 1];
        for (int j = row_start; j < row_end; j++)
            sum += vals[j] * x[cols[j]];
        y[row] = sum;
    }
}

int main()
{
    int rows = 2048, nnz = 8192;
    int *row_ptr, *cols;
    float *vals, *x, *y;
    cudaMalloc(&row_ptr, (rows + 1) * sizeof(int));
    cudaMalloc(&cols, nnz * sizeof(int));
    cudaMalloc(&vals, nnz * sizeof(float));
    cudaMalloc(&x, rows * sizeof(float));
    cudaMalloc(&y, rows * sizeof(float));
    spmv_csr<<<16, 128>>>(rows, row_ptr, cols, vals, x, y);
    cudaDeviceSynchronize();
    return 0;
}
