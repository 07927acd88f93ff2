//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,32] --gridDim=4
//possible .*race on (rowPtr|tile)\[
// The row-pointer table of pointer_table_shared.cu read before the barrier
// that publishes it (and the tile).
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose_rows_early(float *out, const float *in) {
    __shared__ float tile[TILE][TILE + 1];
    __shared__ float *rowPtr[TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    if (ty == 0)
        rowPtr[tx] = &tile[tx][0];
    tile[ty][tx] = in[(blockIdx.x * TILE + ty) * TILE + tx];
    out[(blockIdx.x * TILE + ty) * TILE + tx] = rowPtr[tx][ty];
}
