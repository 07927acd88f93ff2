//xfail:NOT_ALL_VERIFIED
//--blockDim=16,16 --gridDim=32,32 --kernel-args=boxFilterTexInPlace,512,512
//race on d_out
// The box filter "optimised" to write its result one row up, in place into
// the output it also reads: the row above belongs to other threads.
#include <cuda_runtime.h>

#define R 1

__global__ void boxFilterTexInPlace(cudaTextureObject_t tex, float *d_out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h || y == 0) return;
  float sum = d_out[y * 512 + x];
  for (int dx = -R; dx <= R; dx++) sum += tex2D<float>(tex, x + dx + 0.5f, y + 0.5f);
  d_out[(y - 1) * 512 + x] = sum;
}
