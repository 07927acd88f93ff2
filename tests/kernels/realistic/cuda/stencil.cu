//pass
//--blockDim=[32,8] --gridDim=[16,64] --kernel-args=stencil2d,512,512 --kernel-args=stencil3d,512,512,64 --kernel-args=jacobi2d,512,512
// Stencils: a 5-point 2-D Jacobi step (ping-pong buffers), a 2-D stencil
// through a shared tile with halo, and a 3-D 7-point stencil marching
// along z with the planes before/behind in registers.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define BDIMX 32
#define BDIMY 8
#define RADIUS 1

__global__ void jacobi2d(const float *__restrict__ in, float *__restrict__ out, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1) {
    out[j * nx + i] = 0.25f * (in[j * nx + i - 1] + in[j * nx + i + 1] + in[(j - 1) * nx + i] + in[(j + 1) * nx + i]);
  }
}

__global__ void stencil2d(const float *in, float *out, int nx, int ny) {
  __shared__ float smem[BDIMY + 2 * RADIUS][BDIMX + 2 * RADIUS];
  int gx = blockIdx.x * BDIMX + threadIdx.x;
  int gy = blockIdx.y * BDIMY + threadIdx.y;
  int lx = threadIdx.x + RADIUS;
  int ly = threadIdx.y + RADIUS;
  bool inside = gx < nx && gy < ny;
  smem[ly][lx] = inside ? in[gy * nx + gx] : 0.0f;
  if (threadIdx.x < RADIUS) {
    smem[ly][lx - RADIUS] = (gx >= RADIUS && gy < ny) ? in[gy * nx + gx - RADIUS] : 0.0f;
    smem[ly][lx + BDIMX] = (gx + BDIMX < nx && gy < ny) ? in[gy * nx + gx + BDIMX] : 0.0f;
  }
  if (threadIdx.y < RADIUS) {
    smem[ly - RADIUS][lx] = (gy >= RADIUS && gx < nx) ? in[(gy - RADIUS) * nx + gx] : 0.0f;
    smem[ly + BDIMY][lx] = (gy + BDIMY < ny && gx < nx) ? in[(gy + BDIMY) * nx + gx] : 0.0f;
  }
  __syncthreads();
  if (inside) {
    out[gy * nx + gx] = smem[ly][lx] * 0.5f +
                        0.125f * (smem[ly][lx - 1] + smem[ly][lx + 1] + smem[ly - 1][lx] + smem[ly + 1][lx]);
  }
}

__global__ void stencil3d(const float *in, float *out, int nx, int ny, int nz) {
  __shared__ float plane[BDIMY + 2][BDIMX + 2];
  int ix = blockIdx.x * BDIMX + threadIdx.x;
  int iy = blockIdx.y * BDIMY + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  int stride = nx * ny;
  int idx = iy * nx + ix;
  float behind, current = in[idx], infront = in[idx + stride];
  for (int z = 1; z < nz - 1; z++) {
    behind = current;
    current = infront;
    idx += stride;
    infront = in[idx + stride];
    __syncthreads();
    if (threadIdx.x == 0) {
      plane[ty][0] = (ix > 0) ? in[idx - 1] : 0.0f;
      plane[ty][BDIMX + 1] = (ix + BDIMX < nx) ? in[idx + BDIMX] : 0.0f;
    }
    if (threadIdx.y == 0) {
      plane[0][tx] = (iy > 0) ? in[idx - nx] : 0.0f;
      plane[BDIMY + 1][tx] = (iy + BDIMY < ny) ? in[idx + BDIMY * nx] : 0.0f;
    }
    plane[ty][tx] = current;
    __syncthreads();
    out[idx] = 0.4f * current + 0.1f * (behind + infront + plane[ty][tx - 1] + plane[ty][tx + 1] +
                                        plane[ty - 1][tx] + plane[ty + 1][tx]);
  }
}
