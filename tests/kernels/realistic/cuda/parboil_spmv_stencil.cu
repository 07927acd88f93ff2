//pass
//--blockDim=[32,4] --gridDim=[8,32] --kernel-args=spmv_jds,4096,* --kernel-args=block2D_stencil,1.0,0.5,256,128,32
// Parboil-style kernels: sparse matrix-vector product in JDS format (rows
// sorted by length, stored column-major by "jagged diagonal", the row
// permutation applied on output; the diagonal offsets in __constant__
// memory as the benchmark does) and a 7-point 3-D stencil that marches a
// 2-D thread tile along z with the Index3D macro.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + (_nx) * ((_j) + (_ny) * (_k)))
#define MAX_DIAGS 256

__constant__ int jds_ptr_int[MAX_DIAGS];
__constant__ int sh_zcnt_int[MAX_DIAGS];

__global__ void spmv_jds(float *dst_vector, const float *d_data, const int *d_index,
                         const int *d_perm, const float *x_vec, const int dim,
                         const int *d_rowlen_unused) {
  int ix = (blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y) +
           threadIdx.y * blockDim.x + threadIdx.x;
  if (ix < dim) {
    float sum = 0.0f;
    int bound = sh_zcnt_int[ix / 32];
    for (int k = 0; k < bound && k < MAX_DIAGS; k++) {
      int j = jds_ptr_int[k] + ix;
      int in = d_index[j];
      float d = d_data[j];
      float t = x_vec[in];
      sum += d * t;
    }
    dst_vector[d_perm[ix]] = sum;
  }
}

__global__ void block2D_stencil(float c0, float c1, float *A0, float *Anext, const int nx,
                                const int ny, const int nz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1) {
    for (int k = 1; k < nz - 1; k++) {
      Anext[Index3D(nx, ny, i, j, k)] =
          (A0[Index3D(nx, ny, i, j, k + 1)] + A0[Index3D(nx, ny, i, j, k - 1)] +
           A0[Index3D(nx, ny, i, j + 1, k)] + A0[Index3D(nx, ny, i, j - 1, k)] +
           A0[Index3D(nx, ny, i + 1, j, k)] + A0[Index3D(nx, ny, i - 1, j, k)]) * c1 -
          A0[Index3D(nx, ny, i, j, k)] * c0;
    }
  }
}

int main(int argc, char **argv) {
  int dim = 4096, nx = 256, ny = 128, nz = 32, depth = 64;
  int h_jds_ptr[MAX_DIAGS] = {0}, h_zcnt[MAX_DIAGS] = {0};
  float *d_data, *d_x, *d_y, *A0, *Anext;
  int *d_index, *d_perm;
  cudaMalloc((void **)&d_data, depth * dim * sizeof(float));
  cudaMalloc((void **)&d_index, depth * dim * sizeof(int));
  cudaMalloc((void **)&d_perm, dim * sizeof(int));
  cudaMalloc((void **)&d_x, dim * sizeof(float));
  cudaMalloc((void **)&d_y, dim * sizeof(float));
  cudaMemcpyToSymbol(jds_ptr_int, h_jds_ptr, sizeof(h_jds_ptr));
  cudaMemcpyToSymbol(sh_zcnt_int, h_zcnt, sizeof(h_zcnt));
  dim3 block(32, 4), grid(8, 32);
  spmv_jds<<<grid, block>>>(d_y, d_data, d_index, d_perm, d_x, dim, NULL);
  cudaMalloc((void **)&A0, nx * ny * nz * sizeof(float));
  cudaMalloc((void **)&Anext, nx * ny * nz * sizeof(float));
  for (int t = 0; t < 100; t++) {
    block2D_stencil<<<grid, block>>>(1.0f / 6.0f, 1.0f, A0, Anext, nx, ny, nz);
    float *tmp = A0;
    A0 = Anext;
    Anext = tmp;
  }
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
