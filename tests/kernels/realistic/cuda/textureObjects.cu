//pass
//--blockDim=[16,16] --gridDim=[32,32]
// Texture and surface objects as the simpleTexture/simpleSurfaceWrite
// samples use them: a rotation sampled through a cudaTextureObject_t
// (normalised coordinates, linear filtering), a box filter reading the
// texture and writing a surface, and the host code creating both objects.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <stdio.h>

__global__ void transformKernel(float *outputData, int width, int height, float theta,
                                cudaTextureObject_t tex) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float u = (float)x - (float)width / 2;
  float v = (float)y - (float)height / 2;
  float tu = u * cosf(theta) - v * sinf(theta);
  float tv = v * cosf(theta) + u * sinf(theta);
  tu /= (float)width;
  tv /= (float)height;
  outputData[y * width + x] = tex2D<float>(tex, tu + 0.5f, tv + 0.5f);
}

__global__ void boxFilterSurface(cudaTextureObject_t tex, cudaSurfaceObject_t surf, int width,
                                 int height, int r) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float sum = 0.0f;
  for (int dy = -r; dy <= r; dy++) {
    for (int dx = -r; dx <= r; dx++) {
      sum += tex2D<float>(tex, x + dx + 0.5f, y + dy + 0.5f);
    }
  }
  float scale = 1.0f / ((2 * r + 1) * (2 * r + 1));
  surf2Dwrite(sum * scale, surf, x * sizeof(float), y);
}

int main() {
  const int width = 512, height = 512;
  cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray *cuArray, *cuOut;
  checkCudaErrors(cudaMallocArray(&cuArray, &channelDesc, width, height));
  checkCudaErrors(cudaMallocArray(&cuOut, &channelDesc, width, height, cudaArraySurfaceLoadStore));

  cudaResourceDesc texRes;
  memset(&texRes, 0, sizeof(cudaResourceDesc));
  texRes.resType = cudaResourceTypeArray;
  texRes.res.array.array = cuArray;
  cudaTextureDesc texDescr;
  memset(&texDescr, 0, sizeof(cudaTextureDesc));
  texDescr.normalizedCoords = true;
  texDescr.filterMode = cudaFilterModeLinear;
  texDescr.addressMode[0] = cudaAddressModeWrap;
  texDescr.addressMode[1] = cudaAddressModeWrap;
  texDescr.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex;
  checkCudaErrors(cudaCreateTextureObject(&tex, &texRes, &texDescr, NULL));

  cudaResourceDesc surfRes;
  memset(&surfRes, 0, sizeof(cudaResourceDesc));
  surfRes.resType = cudaResourceTypeArray;
  surfRes.res.array.array = cuOut;
  cudaSurfaceObject_t surf;
  checkCudaErrors(cudaCreateSurfaceObject(&surf, &surfRes));

  float *dData;
  checkCudaErrors(cudaMalloc((void **)&dData, width * height * sizeof(float)));
  dim3 dimBlock(16, 16, 1);
  dim3 dimGrid(width / dimBlock.x, height / dimBlock.y, 1);
  transformKernel<<<dimGrid, dimBlock, 0>>>(dData, width, height, 0.5f, tex);
  boxFilterSurface<<<dimGrid, dimBlock>>>(tex, surf, width, height, 2);
  getLastCudaError("Kernel execution failed");
  checkCudaErrors(cudaDestroyTextureObject(tex));
  checkCudaErrors(cudaDestroySurfaceObject(surf));
  checkCudaErrors(cudaFree(dData));
  checkCudaErrors(cudaFreeArray(cuArray));
  checkCudaErrors(cudaFreeArray(cuOut));
  return 0;
}
