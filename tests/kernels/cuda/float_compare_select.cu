//pass
//--blockDim=64 --gridDim=2
__global__ void float_compare_select(float *x, int *cls) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  cls[i] = v > 1.0f ? 1 : (v != v ? 2 : 0);
}
