//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//race on y

#include <cuda_runtime.h>

// The transposed product by scattering: y[cols[j]] += ... from every row.
// Two rows with an entry in the same column race on y.
__global__ void spmv_csr_transposed(int rows, const int *row_ptr, const int *cols,
                                    const float *vals, const float *x, float *y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        int row_start = row_ptr[row];
        int row_end = row_ptr[row + 1];
        for (int j = row_start; j < row_end; j++)
            y[cols[j]] += vals[j] * x[row];
    }
}
