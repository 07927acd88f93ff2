//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[32,32]
//possible write-write race on tile
//possible (write-write|read-write|write-read) race on odata
// transposePaddedTemplate.cu instantiated with a ROWS that does not match
// the block's height (ROWS = 4 for 8-row blocks: rows j and j+4 are both
// written by two threads), and a transpose whose output rows ignore the
// block's column (blocks of one row overwrite each other's output).
#include <cuda_runtime.h>

template <typename T, int TILE, int ROWS>
__global__ void transposeTile(T *__restrict__ odata, const T *__restrict__ idata, int width, int height) {
  __shared__ T tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < height && y + j < width) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

template <typename T, int TILE, int ROWS>
__global__ void transposeLostColumn(T *__restrict__ odata, const T *__restrict__ idata, int width) {
  __shared__ T tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  float *d_in, *d_out;
  cudaMalloc(&d_in, 1024 * 1024 * sizeof(float));
  cudaMalloc(&d_out, 1024 * 1024 * sizeof(float));
  transposeTile<float, 32, 4><<<dim3(32, 32), dim3(32, 8)>>>(d_out, d_in, 1024, 1024);
  transposeLostColumn<float, 32, 8><<<dim3(32, 32), dim3(32, 8)>>>(d_out, d_in, 1024);
  return 0;
}
