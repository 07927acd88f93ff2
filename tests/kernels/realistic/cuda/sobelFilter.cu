//pass
//--blockDim=[16,16] --gridDim=[32,32] --kernel-args=sobelTex,512,512,512,* --kernel=sobelTex
// Sobel edge filter reading its input through a texture object, writing
// one byte per pixel (the image-processing samples' style).
#include <cuda_runtime.h>
#include <helper_cuda.h>

typedef unsigned char Pixel;

__device__ unsigned char ComputeSobel(unsigned char ul, unsigned char um, unsigned char ur,
                                      unsigned char ml, unsigned char mm, unsigned char mr,
                                      unsigned char ll, unsigned char lm, unsigned char lr, float fScale) {
  short Horz = ur + 2 * mr + lr - ul - 2 * ml - ll;
  short Vert = ul + 2 * um + ur - ll - 2 * lm - lr;
  short Sum = (short)(fScale * (abs((int)Horz) + abs((int)Vert)));
  if (Sum < 0) return 0;
  else if (Sum > 0xff) return 0xff;
  return (unsigned char)Sum;
}

__global__ void sobelTex(Pixel *pSobelOriginal, unsigned int Pitch, int w, int h, float fScale,
                         cudaTextureObject_t tex) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  unsigned char pix00 = tex2D<unsigned char>(tex, (float)x - 1, (float)y - 1);
  unsigned char pix01 = tex2D<unsigned char>(tex, (float)x + 0, (float)y - 1);
  unsigned char pix02 = tex2D<unsigned char>(tex, (float)x + 1, (float)y - 1);
  unsigned char pix10 = tex2D<unsigned char>(tex, (float)x - 1, (float)y + 0);
  unsigned char pix11 = tex2D<unsigned char>(tex, (float)x + 0, (float)y + 0);
  unsigned char pix12 = tex2D<unsigned char>(tex, (float)x + 1, (float)y + 0);
  unsigned char pix20 = tex2D<unsigned char>(tex, (float)x - 1, (float)y + 1);
  unsigned char pix21 = tex2D<unsigned char>(tex, (float)x + 0, (float)y + 1);
  unsigned char pix22 = tex2D<unsigned char>(tex, (float)x + 1, (float)y + 1);
  pSobelOriginal[y * Pitch + x] = ComputeSobel(pix00, pix01, pix02, pix10, pix11, pix12, pix20, pix21, pix22, fScale);
}

void sobelFilter(Pixel *odata, int iw, int ih, float fScale, cudaTextureObject_t texObject) {
  dim3 threads(16, 16);
  dim3 blocks((iw + 15) / 16, (ih + 15) / 16);
  sobelTex<<<blocks, threads>>>(odata, iw, iw, ih, fScale, texObject);
  getLastCudaError("sobelTex failed");
}
