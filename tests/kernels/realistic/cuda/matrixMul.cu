//pass
//--blockDim=[32,32] --gridDim=[20,10] --kernel=MatrixMulCUDA<32> --kernel-args=MatrixMulCUDA<32>,320,640
// Tiled matrix multiplication C = A * B with the block size a template
// parameter, launched from host code as the sample does (wA, wB given).
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include <stdio.h>

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
    __syncthreads();
  }
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}

int MatrixMultiply(int argc, char **argv, int block_size, const dim3 &dimsA, const dim3 &dimsB) {
  float *d_A, *d_B, *d_C;
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_A), dimsA.x * dimsA.y * sizeof(float)));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_B), dimsB.x * dimsB.y * sizeof(float)));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_C), dimsB.x * dimsA.y * sizeof(float)));
  dim3 threads(block_size, block_size);
  dim3 grid(dimsB.x / threads.x, dimsA.y / threads.y);
  if (block_size == 16) {
    MatrixMulCUDA<16><<<grid, threads>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  } else {
    MatrixMulCUDA<32><<<grid, threads>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  }
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}

int main(int argc, char **argv) {
  int block_size = 32;
  dim3 dimsA(5 * 2 * block_size, 5 * 2 * block_size, 1);
  dim3 dimsB(5 * 4 * block_size, 5 * 2 * block_size, 1);
  return MatrixMultiply(argc, argv, block_size, dimsA, dimsB);
}
