//pass
//--blockDim=[16,16] --gridDim=[2,2]
// Texture reference and texture/surface objects, as image-processing
// samples use them: fetches read no tracked memory, each thread writes
// its own texel of the output surface.
#include <cuda_runtime.h>
#include <texture_fetch_functions.h>
#include <surface_functions.h>

texture<unsigned char, 2, cudaReadModeNormalizedFloat> texImage;

__global__ void blur_to_surface(cudaSurfaceObject_t out, cudaTextureObject_t in, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      sum += tex2D<float>(in, x + dx + 0.5f, y + dy + 0.5f);
  float weight = tex2D(texImage, x + 0.5f, y + 0.5f);
  surf2Dwrite(sum * weight / 9.0f, out, x * (int)sizeof(float), y);
}

__global__ void fetch_linear(float *dst, cudaTextureObject_t lut) {
  int block = blockIdx.y * gridDim.x + blockIdx.x;
  int i = block * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
  dst[i] = tex1Dfetch<float>(lut, i) + tex2DLod<float>(lut, 0.5f, 0.5f, 0.0f);
}
