//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[16,64] --kernel-args=stencil3dOneSync,512,512,64
//race on plane
// The 3-D stencil with only the barrier after loading the plane: the
// next iteration overwrites the plane while neighbours still read it.
#include <cuda_runtime.h>
#define BDIMX 32
#define BDIMY 8

__global__ void stencil3dOneSync(const float *in, float *out, int nx, int ny, int nz) {
  __shared__ float plane[BDIMY + 2][BDIMX + 2];
  int ix = blockIdx.x * BDIMX + threadIdx.x;
  int iy = blockIdx.y * BDIMY + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  int stride = nx * ny;
  int idx = iy * nx + ix;
  for (int z = 1; z < nz - 1; z++) {
    idx += stride;
    float current = in[idx];
    if (threadIdx.x == 0) plane[ty][0] = (ix > 0) ? in[idx - 1] : 0.0f;
    if (threadIdx.x == BDIMX - 1) plane[ty][BDIMX + 1] = (ix + 1 < nx) ? in[idx + 1] : 0.0f;
    plane[ty][tx] = current;
    __syncthreads();
    out[idx] = 0.5f * current + 0.25f * (plane[ty][tx - 1] + plane[ty][tx + 1]);
  }
}
