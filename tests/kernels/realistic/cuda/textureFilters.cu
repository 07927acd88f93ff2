//pass
//--blockDim=16,16 --gridDim=32,32 --kernel-args=boxFilterTex,512,512 --kernel-args=sobelTex,512,512
// Image filters reading a cudaTextureObject_t (clamped, point-sampled) and
// writing a pitched output: a box filter of radius R with tex2D<float>,
// and Sobel edges with tex2D<uchar4> converted to luminance.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_math.h>

#define R 2

__global__ void boxFilterTex(cudaTextureObject_t tex, float *d_out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float sum = 0.0f;
  for (int dy = -R; dy <= R; dy++)
    for (int dx = -R; dx <= R; dx++) sum += tex2D<float>(tex, x + dx + 0.5f, y + dy + 0.5f);
  d_out[y * 512 + x] = sum / ((2 * R + 1) * (2 * R + 1));
}

__device__ float luminance(uchar4 p) { return 0.299f * p.x + 0.587f * p.y + 0.114f * p.z; }

__global__ void sobelTex(cudaTextureObject_t tex, unsigned char *d_out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float ul = luminance(tex2D<uchar4>(tex, x - 1, y - 1));
  float um = luminance(tex2D<uchar4>(tex, x, y - 1));
  float ur = luminance(tex2D<uchar4>(tex, x + 1, y - 1));
  float ml = luminance(tex2D<uchar4>(tex, x - 1, y));
  float mr = luminance(tex2D<uchar4>(tex, x + 1, y));
  float ll = luminance(tex2D<uchar4>(tex, x - 1, y + 1));
  float lm = luminance(tex2D<uchar4>(tex, x, y + 1));
  float lr = luminance(tex2D<uchar4>(tex, x + 1, y + 1));
  float gx = ur + 2 * mr + lr - ul - 2 * ml - ll;
  float gy = ul + 2 * um + ur - ll - 2 * lm - lr;
  float g = sqrtf(gx * gx + gy * gy);
  d_out[y * 512 + x] = (unsigned char)fminf(g, 255.0f);
}

int main() {
  cudaArray_t array;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  checkCudaErrors(cudaMallocArray(&array, &desc, 512, 512));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeClamp;
  td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex = 0;
  checkCudaErrors(cudaCreateTextureObject(&tex, &res, &td, NULL));
  float *d_out;
  checkCudaErrors(cudaMalloc(&d_out, 512 * 512 * sizeof(float)));
  boxFilterTex<<<dim3(32, 32), dim3(16, 16)>>>(tex, d_out, 512, 512);
  checkCudaErrors(cudaDestroyTextureObject(tex));
  return 0;
}
