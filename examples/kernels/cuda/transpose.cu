//pass
//--blockDim=[32,8] --gridDim=[16,16]
// Matrix transpose through a padded shared tile; each thread moves
// TILE / ROWS elements (the classic 32 x 8 block).
#define TILE 32
#define ROWS 8
#define WIDTH 512

__global__ void transpose(float *odata, const float *idata) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * WIDTH + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    odata[(y + j) * WIDTH + x] = tile[threadIdx.x][threadIdx.y + j];
}
