//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[2,2]
//possible write-write race on __gpuverify_surface
// Every thread of a row writes the first texel of the row's surface line.
#include <cuda_runtime.h>

__global__ void row_sum(cudaSurfaceObject_t out, cudaTextureObject_t in) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = tex2D<float>(in, x + 0.5f, y + 0.5f);
  surf2Dwrite(v, out, 0, y);
}
