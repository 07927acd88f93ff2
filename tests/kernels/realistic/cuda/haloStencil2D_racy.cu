//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[32,32]
//possible write-write race on tile
//possible (read-write|write-read) race on tile
// haloStencil2D.cu with two halo slips: the right halo column stored one
// column short (over the interior cell of thread BX-2), and a box blur
// whose corner loads come after the __syncthreads().
#include <cuda_runtime.h>

#define BX 16
#define BY 16

__device__ __forceinline__ float at(const float *img, int x, int y, int w, int h) {
  return img[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)];
}

__global__ void laplaceShortHalo(float *__restrict__ out, const float *__restrict__ in, int w, int h) {
  __shared__ float tile[BY + 2][BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
  tile[ty + 1][tx + 1] = at(in, x, y, w, h);
  if (tx == 0) tile[ty + 1][0] = at(in, x - 1, y, w, h);
  if (tx == BX - 1) tile[ty + 1][BX - 1] = at(in, x + 1, y, w, h);
  if (ty == 0) tile[0][tx + 1] = at(in, x, y - 1, w, h);
  if (ty == BY - 1) tile[BY + 1][tx + 1] = at(in, x, y + 1, w, h);
  __syncthreads();
  if (x < w && y < h)
    out[y * w + x] = tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2] -
                     4.0f * tile[ty + 1][tx + 1];
}

__global__ void boxLateCorners(float *__restrict__ out, const float *__restrict__ in, int w, int h) {
  __shared__ float tile[BY + 2][BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
  tile[ty + 1][tx + 1] = at(in, x, y, w, h);
  if (tx == 0) tile[ty + 1][0] = at(in, x - 1, y, w, h);
  if (tx == BX - 1) tile[ty + 1][BX + 1] = at(in, x + 1, y, w, h);
  if (ty == 0) tile[0][tx + 1] = at(in, x, y - 1, w, h);
  if (ty == BY - 1) tile[BY + 1][tx + 1] = at(in, x, y + 1, w, h);
  __syncthreads();
  if (tx == 0 && ty == 0) tile[0][0] = at(in, x - 1, y - 1, w, h);
  if (tx == BX - 1 && ty == BY - 1) tile[BY + 1][BX + 1] = at(in, x + 1, y + 1, w, h);
  if (x < w && y < h) {
    float s = 0.0f;
    for (int dy = 0; dy < 3; ++dy)
      for (int dx = 0; dx < 3; ++dx) s += tile[ty + dy][tx + dx];
    out[y * w + x] = s * (1.0f / 9.0f);
  }
}
