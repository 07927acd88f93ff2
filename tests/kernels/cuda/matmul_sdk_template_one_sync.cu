//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,2] --kernel-args=MatrixMulCUDA<16>,64,64
//possible (read-write|write-read) race on (As|Bs)\[
// The SDK matrixMul with the __syncthreads() after the inner product
// removed (a classic tuning mistake): a fast thread of the block loads the
// next tile into As/Bs while slower threads still read the current one.
#include <cuda_runtime.h>

#define TILE 16

template <int BLOCK_SIZE>
__global__ void MatrixMulCUDA(float *C, float *A, float *B, int wA, int wB) {
  int bx = blockIdx.x;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE;
  int bBegin = BLOCK_SIZE * bx;
  int bStep = BLOCK_SIZE * wB;

  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];

    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();

#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) {
      Csub += As[ty][k] * Bs[k][tx];
    }
  }

  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}

void launch(float *d_C, float *d_A, float *d_B, int wA, int wB, int hA) {
  dim3 threads(TILE, TILE);
  dim3 grid(wB / threads.x, hA / threads.y);
  MatrixMulCUDA<TILE><<<grid, threads>>>(d_C, d_A, d_B, wA, wB);
}
