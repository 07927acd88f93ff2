//pass
//--blockDim=[16,16] --gridDim=[32,32] --kernel-args=laplace2d,512,512
// A 5-point Laplacian through a shared tile with a one-cell halo, the way
// image-processing codes write it: every thread loads its cell, the edge
// threads of the block also load the halo cells (left/right columns under
// threadIdx.x == 0 / BX-1, top/bottom rows under threadIdx.y == 0 / BY-1),
// clamped at the image border, then one __syncthreads() and the stencil.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>

#define BX 16
#define BY 16

__device__ __forceinline__ int clampi(int v, int lo, int hi) { return min(max(v, lo), hi); }

__device__ __forceinline__ float at(const float *img, int x, int y, int w, int h) {
  return img[clampi(y, 0, h - 1) * w + clampi(x, 0, w - 1)];
}

__global__ void laplace2d(float *__restrict__ out, const float *__restrict__ in, int w, int h) {
  __shared__ float tile[BY + 2][BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BX + tx;
  const int y = blockIdx.y * BY + ty;

  tile[ty + 1][tx + 1] = at(in, x, y, w, h);
  if (threadIdx.x == 0) tile[ty + 1][0] = at(in, x - 1, y, w, h);
  if (threadIdx.x == BX - 1) tile[ty + 1][BX + 1] = at(in, x + 1, y, w, h);
  if (threadIdx.y == 0) tile[0][tx + 1] = at(in, x, y - 1, w, h);
  if (threadIdx.y == BY - 1) tile[BY + 1][tx + 1] = at(in, x, y + 1, w, h);
  __syncthreads();

  if (x < w && y < h) {
    float c = tile[ty + 1][tx + 1];
    out[y * w + x] = tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2] - 4.0f * c;
  }
}

// The 9-point box blur needs the corners too: thread (0,0) and its three
// mirror images load them.
__global__ void box3x3(float *__restrict__ out, const float *__restrict__ in, int w, int h) {
  __shared__ float tile[BY + 2][BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BX + tx;
  const int y = blockIdx.y * BY + ty;

  tile[ty + 1][tx + 1] = at(in, x, y, w, h);
  if (tx == 0) tile[ty + 1][0] = at(in, x - 1, y, w, h);
  if (tx == BX - 1) tile[ty + 1][BX + 1] = at(in, x + 1, y, w, h);
  if (ty == 0) tile[0][tx + 1] = at(in, x, y - 1, w, h);
  if (ty == BY - 1) tile[BY + 1][tx + 1] = at(in, x, y + 1, w, h);
  if (tx == 0 && ty == 0) tile[0][0] = at(in, x - 1, y - 1, w, h);
  if (tx == BX - 1 && ty == 0) tile[0][BX + 1] = at(in, x + 1, y - 1, w, h);
  if (tx == 0 && ty == BY - 1) tile[BY + 1][0] = at(in, x - 1, y + 1, w, h);
  if (tx == BX - 1 && ty == BY - 1) tile[BY + 1][BX + 1] = at(in, x + 1, y + 1, w, h);
  __syncthreads();

  if (x < w && y < h) {
    float s = 0.0f;
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
      for (int dx = 0; dx < 3; ++dx) s += tile[ty + dy][tx + dx];
    out[y * w + x] = s * (1.0f / 9.0f);
  }
}

int main() {
  const int w = 512, h = 512;
  float *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, w * h * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, w * h * sizeof(float)));
  dim3 block(BX, BY), grid((w + BX - 1) / BX, (h + BY - 1) / BY);
  laplace2d<<<grid, block>>>(d_out, d_in, w, h);
  box3x3<<<grid, block>>>(d_out, d_in, w, h);
  checkCudaErrors(cudaDeviceSynchronize());
  printf("ok\n");
  return 0;
}
