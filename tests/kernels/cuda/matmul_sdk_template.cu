//pass
//--blockDim=[32,32] --gridDim=[4,4] --kernel-args=MatrixMulCUDA<32>,128,128
// Tiled matrix multiplication written the way the CUDA samples write it:
// a BLOCK_SIZE template, As/Bs shared tiles declared in the loop, a loop
// whose bounds depend on blockIdx.y (uniform within a block), two
// __syncthreads per tile and an unrolled inner product. The loop is
// uniform within a block only: no barrier divergence may be reported.
#include <cuda_runtime.h>
#include <stdio.h>

template <int BLOCK_SIZE>
__global__ void MatrixMulCUDA(float *C, float *A, float *B, int wA, int wB) {
  int bx = blockIdx.x;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  // First, last and step of the sub-matrices of A this block walks.
  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE;
  // First and step of the sub-matrices of B.
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
    __syncthreads();
  }

  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}

int MatrixMultiply(int block_size, const dim3 &dimsA, const dim3 &dimsB) {
  float *d_A, *d_B, *d_C;
  cudaMalloc(&d_A, dimsA.x * dimsA.y * sizeof(float));
  cudaMalloc(&d_B, dimsB.x * dimsB.y * sizeof(float));
  cudaMalloc(&d_C, dimsB.x * dimsA.y * sizeof(float));
  dim3 threads(block_size, block_size);
  dim3 grid(dimsB.x / threads.x, dimsA.y / threads.y);
  MatrixMulCUDA<32><<<grid, threads>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}

int main() {
  dim3 dimsA(5 * 2 * 32, 5 * 2 * 32, 1);
  dim3 dimsB(5 * 4 * 32, 5 * 2 * 32, 1);
  return MatrixMultiply(32, dimsA, dimsB);
}
