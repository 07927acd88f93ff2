//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,8] --gridDim=[64,64] --kernel-args=dct2DNoMiddleSync,512
//race on block
// The in-place 8x8 DCT without the barrier between the row pass and the
// column pass.
#include <cuda_runtime.h>
#define BLOCK_SIZE 8

__device__ void dct8(float *v, int step) {
  float a = v[0] + v[7 * step], b = v[0] - v[7 * step];
  float c = v[3 * step] + v[4 * step], d = v[3 * step] - v[4 * step];
  v[0] = 0.353553f * (a + c);
  v[4 * step] = 0.353553f * (a - c);
  v[step] = 0.490393f * b + 0.097545f * d;
  v[7 * step] = 0.097545f * b - 0.490393f * d;
}

__global__ void dct2DNoMiddleSync(float *dst, const float *src, int ImgStride) {
  __shared__ float block[BLOCK_SIZE * (BLOCK_SIZE + 1)];
  src += blockIdx.y * BLOCK_SIZE * ImgStride + blockIdx.x * BLOCK_SIZE;
  dst += blockIdx.y * BLOCK_SIZE * ImgStride + blockIdx.x * BLOCK_SIZE;
  block[threadIdx.y * (BLOCK_SIZE + 1) + threadIdx.x] = src[threadIdx.y * ImgStride + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) dct8(block + threadIdx.y * (BLOCK_SIZE + 1), 1);
  if (threadIdx.y == 0) dct8(block + threadIdx.x, BLOCK_SIZE + 1);
  __syncthreads();
  dst[threadIdx.y * ImgStride + threadIdx.x] = block[threadIdx.y * (BLOCK_SIZE + 1) + threadIdx.x];
}
