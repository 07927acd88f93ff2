//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64 -DKERNEL_RADIUS=8
//possible (read-write|write-read) race on s_Data\[
// constantConvolution.cu without the barrier after the tile load: a
// thread reads its neighbours' tile entries before they are written.
#include <cuda_runtime.h>

#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

__constant__ float c_Kernel[KERNEL_LENGTH];

template <int TILE>
__global__ void convolve1D(float *__restrict__ d_Dst, const float *__restrict__ d_Src, int n) {
  __shared__ float s_Data[TILE + 2 * KERNEL_RADIUS];
  const int gid = blockIdx.x * TILE + threadIdx.x;
  const int lid = threadIdx.x + KERNEL_RADIUS;
  s_Data[lid] = (gid < n) ? d_Src[gid] : 0.0f;
  if (threadIdx.x < KERNEL_RADIUS) {
    s_Data[threadIdx.x] = (gid >= KERNEL_RADIUS) ? d_Src[gid - KERNEL_RADIUS] : 0.0f;
    s_Data[lid + TILE] = (gid + TILE < n) ? d_Src[gid + TILE] : 0.0f;
  }
  float sum = 0.0f;
#pragma unroll
  for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++) {
    sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[lid + j];
  }
  if (gid < n) d_Dst[gid] = sum;
}

template __global__ void convolve1D<128>(float *, const float *, int);
