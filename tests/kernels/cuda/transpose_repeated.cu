//pass
//--blockDim=[16,4] --gridDim=[8,8]
// Tiled copy and transpose timed over NUM_REPS repetitions (the SDK
// benchmark's inner loop): TILE_DIM x BLOCK_ROWS threads move a
// TILE_DIM x TILE_DIM tile, each thread every BLOCK_ROWS-th row.
#include <cuda_runtime.h>

#define TILE_DIM 16
#define BLOCK_ROWS 4
#define NUM_REPS 3

template <int TILE, int ROWS>
__global__ void copyRepeated(float *odata, const float *idata) {
  int width = gridDim.x * TILE;
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int r = 0; r < NUM_REPS; r++) {
    for (int i = 0; i < TILE; i += ROWS) {
      odata[(y + i) * width + x] = idata[(y + i) * width + x];
    }
  }
}

__global__ void transposeRepeated(float *odata, const float *idata) {
  int width = gridDim.x * TILE_DIM;
  int height = gridDim.y * TILE_DIM;
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * width;
  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * height;
  for (int r = 0; r < NUM_REPS; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
    }
    __syncthreads();
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
    }
    __syncthreads();
  }
}

int main() {
  const int n = 128;
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * n * sizeof(float));
  cudaMalloc(&d_out, n * n * sizeof(float));
  dim3 grid(n / TILE_DIM, n / TILE_DIM), threads(TILE_DIM, BLOCK_ROWS);
  copyRepeated<TILE_DIM, BLOCK_ROWS><<<grid, threads>>>(d_out, d_in);
  transposeRepeated<<<grid, threads>>>(d_out, d_in);
  cudaDeviceSynchronize();
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
