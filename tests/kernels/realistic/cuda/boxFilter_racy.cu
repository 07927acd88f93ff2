//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[32,32] --kernel-args=boxFilterInPlace,512,512
//race on img
// A box filter run in place on global memory: a pixel is overwritten
// while the neighbouring threads (also in other blocks) still read it.
#include <cuda_runtime.h>

__global__ void boxFilterInPlace(unsigned char *img, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) return;
  int sum = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) sum += img[(y + dy) * w + x + dx];
  img[y * w + x] = (unsigned char)(sum / 9);
}
