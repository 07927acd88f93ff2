//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[16,16] --no-infer
//possible write-read race on tile
// transpose.cu without the __syncthreads() between the two loops: a
// thread reads a tile element another thread has not written yet.
#include <cuda_runtime.h>
#define TILE 32
#define ROWS 8

__global__ void transpose(float *odata, const float *idata, int width) {
  __requires(width == 512);
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0;
       __invariant(j % ROWS == 0), __invariant(0 <= j), __invariant(j <= TILE),
       __invariant(__implies(__write(tile), __write_offset_bytes(tile) / sizeof(float) % (TILE + 1) == threadIdx.x)),
       __invariant(__implies(__write(tile), __write_offset_bytes(tile) / sizeof(float) / (TILE + 1) % ROWS == threadIdx.y)),
       j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0;
       __invariant(j % ROWS == 0), __invariant(0 <= j), __invariant(j <= TILE),
       __invariant(__implies(__write(odata), __write_offset(odata) % width == blockIdx.y * TILE + threadIdx.x)),
       __invariant(__implies(__write(odata), __write_offset(odata) / width % ROWS == threadIdx.y)),
       __invariant(__implies(__write(odata), __write_offset(odata) / width / TILE == blockIdx.x)),
       j < TILE; j += ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
