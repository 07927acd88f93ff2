//pass
//--blockDim=64 --gridDim=2
__global__ void pointer_walk(float *rows, int w) {
  float *p = rows + (blockIdx.x * blockDim.x + threadIdx.x) * w;
  for (float *q = p; q < p + w; ++q) *q = 1.0f;
}
