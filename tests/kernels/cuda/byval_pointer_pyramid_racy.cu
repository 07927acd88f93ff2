//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
//possible write-write race on p\.level\[1\]
// byval_pointer_pyramid.cu writing the coarse level at i / 2: two fine
// threads write one coarse pixel.
#include <cuda_runtime.h>

#define LEVELS 36

struct Pyramid {
  float *level[LEVELS];
  const float *weight[LEVELS];
  int width0;
};

__global__ void fineToCoarse(Pyramid p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.width0)
    p.level[1][i / 2] = p.weight[0][i] * p.level[0][i];
}
