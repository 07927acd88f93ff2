//pass
//--blockDim=128 --gridDim=8
//the array arguments `p.level\[0\]`, .*`p.weight\[9\]` do not alias
// An image pyramid's level pointers passed by value in one struct of 72
// pointers (more than the 64 that had buffers of their own before s12):
// one launch builds level 1 from level 0, reading one field's buffer and
// writing another's.
#include <cuda_runtime.h>

#define LEVELS 36

struct Pyramid {
  float *level[LEVELS];
  const float *weight[LEVELS];
  int width0;
};

__global__ void fineToCoarse(Pyramid p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.width0 / 2)
    p.level[1][i] = p.weight[1][i] * (p.level[0][2 * i] + p.level[0][2 * i + 1]);
}

int main() {
  Pyramid p;
  p.width0 = 2048;
  for (int l = 0; l < LEVELS; ++l) {
    cudaMalloc((void **)&p.level[l], (2048 >> l) * sizeof(float) + 4);
    cudaMalloc((void **)&p.weight[l], (2048 >> l) * sizeof(float) + 4);
  }
  fineToCoarse<<<8, 128>>>(p);
  return 0;
}
