//pass
//--blockDim=[32,8] --gridDim=[16,64] --kernel-args=mm2_kernel1,512,512,512,* --kernel-args=mm2_kernel2,512,512,512,* --kernel-args=atax_kernel1,512,512 --kernel-args=atax_kernel2,512,512 --kernel-args=gemver_kernel1,512 --kernel-args=gemver_kernel2,512,* --kernel-args=gemver_kernel3,512,* --kernel-args=jacobi2d_kernel1,512 --kernel-args=jacobi2d_kernel2,512
// PolyBench/GPU-style linear algebra: 2mm (two chained matrix products),
// atax (A^T (A x)), gemver (rank-2 update then two matrix-vector products)
// and a 2-D Jacobi step, one kernel per loop nest, sizes from #defines,
// DATA_TYPE a typedef, 2-D and 1-D launches from one host driver.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <assert.h>

#define NI 512
#define NJ 512
#define NK 512
#define NL 512
#define N 512

#define DIM_THREAD_BLOCK_X 32
#define DIM_THREAD_BLOCK_Y 8

typedef float DATA_TYPE;

__global__ void mm2_kernel1(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE *tmp,
                            DATA_TYPE *A, DATA_TYPE *B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < ni) && (j < nj)) {
    tmp[i * nj + j] = 0;
    for (int k = 0; k < nk; k++) {
      tmp[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];
    }
  }
}

__global__ void mm2_kernel2(int ni, int nl, int nj, DATA_TYPE beta, DATA_TYPE *tmp,
                            DATA_TYPE *C, DATA_TYPE *D) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < ni) && (j < nl)) {
    D[i * nl + j] *= beta;
    for (int k = 0; k < nj; k++) {
      D[i * nl + j] += tmp[i * nj + k] * C[k * nl + j];
    }
  }
}

// 1-D kernels: the y dimension of the launch is not used by them; only
// the first row of blocks does work.
__global__ void atax_kernel1(int nx, int ny, DATA_TYPE *A, DATA_TYPE *x, DATA_TYPE *tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.y == 0 && threadIdx.y == 0 && i < nx) {
    tmp[i] = 0;
    for (int j = 0; j < ny; j++) {
      tmp[i] += A[i * ny + j] * x[j];
    }
  }
}

__global__ void atax_kernel2(int nx, int ny, DATA_TYPE *A, DATA_TYPE *y, DATA_TYPE *tmp) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.y == 0 && threadIdx.y == 0 && j < ny) {
    y[j] = 0;
    for (int i = 0; i < nx; i++) {
      y[j] += A[i * ny + j] * tmp[i];
    }
  }
}

__global__ void gemver_kernel1(int n, DATA_TYPE *a, DATA_TYPE *v1, DATA_TYPE *v2,
                               DATA_TYPE *u1, DATA_TYPE *u2) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < n) && (j < n)) {
    a[i * n + j] += u1[i] * v1[j] + u2[i] * v2[j];
  }
}

__global__ void gemver_kernel2(int n, DATA_TYPE beta, DATA_TYPE *a, DATA_TYPE *x,
                               DATA_TYPE *y, DATA_TYPE *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.y == 0 && threadIdx.y == 0 && i < n) {
    for (int j = 0; j < n; j++) {
      x[i] += beta * a[j * n + i] * y[j];
    }
    x[i] += z[i];
  }
}

__global__ void gemver_kernel3(int n, DATA_TYPE alpha, DATA_TYPE *a, DATA_TYPE *x,
                               DATA_TYPE *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.y == 0 && threadIdx.y == 0 && i < n) {
    for (int j = 0; j < n; j++) {
      w[i] += alpha * a[i * n + j] * x[j];
    }
  }
}

__global__ void jacobi2d_kernel1(int n, DATA_TYPE *A, DATA_TYPE *B) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if ((i >= 1) && (i < (n - 1)) && (j >= 1) && (j < (n - 1))) {
    B[i * n + j] = 0.2f * (A[i * n + j] + A[i * n + (j - 1)] + A[i * n + (1 + j)] +
                           A[(1 + i) * n + j] + A[(i - 1) * n + j]);
  }
}

__global__ void jacobi2d_kernel2(int n, DATA_TYPE *A, DATA_TYPE *B) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if ((i >= 1) && (i < (n - 1)) && (j >= 1) && (j < (n - 1))) {
    A[i * n + j] = B[i * n + j];
  }
}

static DATA_TYPE *devAlloc(size_t elems) {
  DATA_TYPE *p;
  cudaMalloc((void **)&p, elems * sizeof(DATA_TYPE));
  return p;
}

int main(void) {
  DATA_TYPE *A = devAlloc(NI * NK), *B = devAlloc(NK * NJ), *C = devAlloc(NL * NJ);
  DATA_TYPE *D = devAlloc(NI * NL), *tmp = devAlloc(NI * NJ);
  DATA_TYPE *x = devAlloc(N), *y = devAlloc(N), *z = devAlloc(N), *w = devAlloc(N);
  DATA_TYPE *u1 = devAlloc(N), *u2 = devAlloc(N), *v1 = devAlloc(N), *v2 = devAlloc(N);
  dim3 block(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y);
  dim3 grid((size_t)ceil(((float)NJ) / ((float)block.x)), (size_t)ceil(((float)NI) / ((float)block.y)));

  mm2_kernel1<<<grid, block>>>(NI, NJ, NK, 32412.0f, tmp, A, B);
  cudaThreadSynchronize();
  mm2_kernel2<<<grid, block>>>(NI, NL, NJ, 2123.0f, tmp, C, D);
  cudaThreadSynchronize();

  atax_kernel1<<<grid, block>>>(N, N, A, x, tmp);
  atax_kernel2<<<grid, block>>>(N, N, A, y, tmp);

  gemver_kernel1<<<grid, block>>>(N, A, v1, v2, u1, u2);
  gemver_kernel2<<<grid, block>>>(N, 1.2f, A, x, y, z);
  gemver_kernel3<<<grid, block>>>(N, 1.5f, A, x, w);

  for (int t = 0; t < 20; t++) {
    jacobi2d_kernel1<<<grid, block>>>(N, A, B);
    cudaThreadSynchronize();
    jacobi2d_kernel2<<<grid, block>>>(N, A, B);
    cudaThreadSynchronize();
  }
  printf("done\n");
  return 0;
}
