//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[1,1]
//race on tile\[
// The tiled transpose without its barrier.
#define TILE 32
#define ROWS 8
#define WIDTH 32
__global__ void loop_transpose_rows_no_sync(const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  unsigned x = threadIdx.x, y = threadIdx.y;
  for (unsigned j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * WIDTH + x];
  for (unsigned j = 0; j < TILE; j += ROWS)
    out[(y + j) * WIDTH + x] = tile[threadIdx.x][threadIdx.y + j];
}
