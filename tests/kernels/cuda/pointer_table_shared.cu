//pass
//--blockDim=[32,32] --gridDim=4
// A table of row pointers into a shared tile (a transpose that reads the
// tile column by column through the table): the pointers live in shared
// memory, written by one row of threads, read after the barrier.
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose_rows(float *out, const float *in) {
    __shared__ float tile[TILE][TILE + 1];
    __shared__ float *rowPtr[TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    if (ty == 0)
        rowPtr[tx] = &tile[tx][0];
    tile[ty][tx] = in[(blockIdx.x * TILE + ty) * TILE + tx];
    __syncthreads();
    out[(blockIdx.x * TILE + ty) * TILE + tx] = rowPtr[tx][ty];
}

int main() {
    float *d_in, *d_out;
    cudaMalloc(&d_in, 4 * TILE * TILE * sizeof(float));
    cudaMalloc(&d_out, 4 * TILE * TILE * sizeof(float));
    transpose_rows<<<4, dim3(TILE, TILE)>>>(d_out, d_in);
    cudaDeviceSynchronize();
    return 0;
}
