//pass
//--blockDim=[32,8] --gridDim=[32,32] --kernel-args=transposeTile<float,32,8>,1024,1024 --kernel-args=transposeDiagonal<float,32,8>,1024,1024
// A rectangular transpose templated on element type and tile shape, with
// the tile padded to [T][T+1] against bank conflicts and bounds checks for
// sizes that are not tile multiples; a diagonal block ordering variant
// (square matrices and a square grid only: with more block columns than
// rows the rotated block index leaves the matrix and blocks collide)
// against partition camping.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>

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
__global__ void transposeDiagonal(T *__restrict__ odata, const T *__restrict__ idata, int width, int height) {
  __shared__ T tile[TILE][TILE + 1];
  int blockIdx_y = blockIdx.x;
  int blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = blockIdx_x * TILE + threadIdx.x;
  int y = blockIdx_y * TILE + threadIdx.y;
  int index_in = x + y * width;
  x = blockIdx_y * TILE + threadIdx.x;
  y = blockIdx_x * TILE + threadIdx.y;
  int index_out = x + y * height;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = idata[index_in + j * width];
  __syncthreads();
  for (int j = 0; j < TILE; j += ROWS) odata[index_out + j * height] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int w = 1024, h = 768;
  float *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, w * h * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, w * h * sizeof(float)));
  dim3 block(32, 8);
  transposeTile<float, 32, 8><<<dim3((w + 31) / 32, (h + 31) / 32), block>>>(d_out, d_in, w, h);
  transposeDiagonal<float, 32, 8><<<dim3(1024 / 32, 1024 / 32), block>>>(d_out, d_in, 1024, 1024);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("ok\n");
  return 0;
}
