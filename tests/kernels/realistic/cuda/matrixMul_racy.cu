//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
//race on As
// Tiled matrix multiplication missing the second __syncthreads: the next
// tile overwrites As while slower threads still read the previous one.
#include <cuda_runtime.h>
#define BLOCK_SIZE 16

__global__ void matrixMulNoTrailingSync(float *C, const float *A, const float *B, int wA, int wB) {
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int bBegin = BLOCK_SIZE * bx;
  float Csub = 0;
  __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
  for (int a = aBegin, b = bBegin; a <= aEnd; a += BLOCK_SIZE, b += BLOCK_SIZE * wB) {
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
    for (int k = 0; k < BLOCK_SIZE; ++k) Csub += As[ty][k] * Bs[k][tx];
  }
  C[wB * BLOCK_SIZE * by + BLOCK_SIZE * bx + wB * ty + tx] = Csub;
}
