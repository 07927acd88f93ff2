//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[32,32]
//possible write-write race
// textureObjects.cu's surface filter writing at a half-resolution x
// coordinate, as a botched downsampling does: two threads of a row write
// one texel of the surface.
#include <cuda_runtime.h>

__global__ void downsampleSurface(cudaTextureObject_t tex, cudaSurfaceObject_t surf, int width,
                                  int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float v = tex2D<float>(tex, x + 0.5f, y + 0.5f);
  surf2Dwrite(v, surf, (x / 2) * sizeof(float), y);
}
