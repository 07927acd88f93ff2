//pass
//--blockDim=[16,16] --gridDim=[32,32] --kernel-args=boxFilterShared,512,512
// 3x3 box filter on a shared tile with a one-pixel halo loaded by the
// border threads (clamped at the image edges).
#include <cuda_runtime.h>
#define BW 16
#define BH 16
#define R 1

__global__ void boxFilterShared(const unsigned char *in, unsigned char *out, int w, int h) {
  __shared__ unsigned char tile[BH + 2 * R][BW + 2 * R];
  int x = blockIdx.x * BW + threadIdx.x;
  int y = blockIdx.y * BH + threadIdx.y;
  int cx = min(max(x, 0), w - 1);
  int cy = min(max(y, 0), h - 1);
  tile[threadIdx.y + R][threadIdx.x + R] = in[cy * w + cx];
  if (threadIdx.x < R) {
    tile[threadIdx.y + R][threadIdx.x] = in[cy * w + max(x - R, 0)];
    tile[threadIdx.y + R][threadIdx.x + BW + R] = in[cy * w + min(x + BW, w - 1)];
  }
  if (threadIdx.y < R) {
    tile[threadIdx.y][threadIdx.x + R] = in[max(y - R, 0) * w + cx];
    tile[threadIdx.y + BH + R][threadIdx.x + R] = in[min(y + BH, h - 1) * w + cx];
  }
  if (threadIdx.x < R && threadIdx.y < R) {
    tile[threadIdx.y][threadIdx.x] = in[max(y - R, 0) * w + max(x - R, 0)];
    tile[threadIdx.y][threadIdx.x + BW + R] = in[max(y - R, 0) * w + min(x + BW, w - 1)];
    tile[threadIdx.y + BH + R][threadIdx.x] = in[min(y + BH, h - 1) * w + max(x - R, 0)];
    tile[threadIdx.y + BH + R][threadIdx.x + BW + R] = in[min(y + BH, h - 1) * w + min(x + BW, w - 1)];
  }
  __syncthreads();
  if (x < w && y < h) {
    int sum = 0;
    for (int dy = -R; dy <= R; dy++)
      for (int dx = -R; dx <= R; dx++) sum += tile[threadIdx.y + R + dy][threadIdx.x + R + dx];
    out[y * w + x] = (unsigned char)(sum / 9);
  }
}
