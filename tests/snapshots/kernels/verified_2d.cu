//pass
//--blockDim=[16,16] --gridDim=[4,4]
// One element per thread of a 2-D grid.
__global__ void verified_2d(float *m, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  m[y * 64 + x] = 2.0f * m[y * 64 + x];
}
