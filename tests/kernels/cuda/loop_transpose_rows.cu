//pass
//--blockDim=[32,8] --gridDim=[4,4]
// Transpose through a shared tile, each thread handling four rows.
#define TILE 32
#define ROWS 8
#define WIDTH 128
__global__ void loop_transpose_rows(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  unsigned x = blockIdx.x * TILE + threadIdx.x;
  unsigned y = blockIdx.y * TILE + threadIdx.y;
  for (unsigned j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * WIDTH + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (unsigned j = 0; j < TILE; j += ROWS)
    out[(y + j) * WIDTH + x] = tile[threadIdx.x][threadIdx.y + j];
}
