//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//possible (write-write|read-write|write-read) race on p\.dst
//barrier may be reached by non-uniform control flow
//possible (write-write|read-write|write-read) race on planes\.rgb
// reference_params.cu with the defects the by-value model must still
// see: an output index one off (neighbours race on p.dst), a barrier under
// a condition mixing a field with the thread id, and an interleave whose
// output stride is too small (pixels overlap).
#include <cuda_runtime.h>

struct Params {
  const float *src;
  float *dst;
  int n;
  float gain;
};

__global__ void smoothGain(const Params &p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < p.n) {
    p.dst[i] = p.gain * p.src[i];
    p.dst[i + 1] += p.gain * p.src[i + 1];
  }
}

__global__ void partialTile(const Params &p) {
  __shared__ float tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < p.n) {
    tile[threadIdx.x] = p.src[i];
    __syncthreads();
    p.dst[i] = tile[127 - threadIdx.x];
  }
}

struct Planes {
  const float *plane[3];
  float *rgb;
  int pixels;
};

__global__ void interleave(const Planes &planes) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < planes.pixels) {
    planes.rgb[2 * i] = planes.plane[0][i];
    planes.rgb[2 * i + 1] = planes.plane[1][i];
    planes.rgb[2 * i + 2] = planes.plane[2][i];
  }
}
