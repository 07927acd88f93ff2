//pass
//--blockDim=128 --gridDim=64 -DKERNEL_RADIUS=8
// 1-D convolution with the filter in __constant__ memory (uploaded with
// cudaMemcpyToSymbol), a shared tile with aprons loaded by a template on
// the tile width, plus a lookup-table kernel reading a constant table.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#ifndef KERNEL_RADIUS
#define KERNEL_RADIUS 4
#endif
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

__constant__ float c_Kernel[KERNEL_LENGTH];
__constant__ unsigned char c_gamma[256];

template <int TILE>
__global__ void convolve1D(float *__restrict__ d_Dst, const float *__restrict__ d_Src, int n) {
  __shared__ float s_Data[TILE + 2 * KERNEL_RADIUS];
  const int gid = blockIdx.x * TILE + threadIdx.x;
  const int lid = threadIdx.x + KERNEL_RADIUS;
  s_Data[lid] = (gid < n) ? d_Src[gid] : 0.0f;
  if (threadIdx.x < KERNEL_RADIUS) {
    int left = gid - KERNEL_RADIUS;
    int right = gid + TILE;
    s_Data[threadIdx.x] = (left >= 0) ? d_Src[left] : 0.0f;
    s_Data[lid + TILE] = (right < n) ? d_Src[right] : 0.0f;
  }
  __syncthreads();
  float sum = 0.0f;
#pragma unroll
  for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++) {
    sum += c_Kernel[KERNEL_RADIUS - j] * s_Data[lid + j];
  }
  if (gid < n) d_Dst[gid] = sum;
}

__global__ void applyGamma(unsigned char *__restrict__ pixels, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) pixels[i] = c_gamma[pixels[i]];
}

extern "C" void setConvolutionKernel(float *h_Kernel) {
  cudaMemcpyToSymbol(c_Kernel, h_Kernel, KERNEL_LENGTH * sizeof(float));
}

int main() {
  const int n = 128 * 64;
  float h_Kernel[KERNEL_LENGTH];
  for (int i = 0; i < KERNEL_LENGTH; i++) h_Kernel[i] = 1.0f / KERNEL_LENGTH;
  setConvolutionKernel(h_Kernel);
  unsigned char table[256];
  for (int i = 0; i < 256; i++) table[i] = (unsigned char)(255 - i);
  checkCudaErrors(cudaMemcpyToSymbol(c_gamma, table, sizeof(table)));
  float *d_Src, *d_Dst;
  unsigned char *d_pix;
  checkCudaErrors(cudaMalloc(&d_Src, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_Dst, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_pix, n));
  convolve1D<128><<<n / 128, 128>>>(d_Dst, d_Src, n);
  applyGamma<<<n / 128, 128>>>(d_pix, n);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
