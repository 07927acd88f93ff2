//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[32,32]
//race on tile
// The coalesced transpose without the __syncthreads between filling the
// tile and reading it transposed.
#include <cuda_runtime.h>
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalescedNoSync(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
