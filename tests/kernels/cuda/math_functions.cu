//pass
//--blockDim=64 --gridDim=2
__global__ void math_functions(float *x, double *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] = sqrtf(x[i]) + expf(x[i]) + powf(x[i], 2.0f) + __fdividef(x[i], 3.0f) + fabsf(x[i]);
  d[i] = sqrt(d[i]) * log(d[i] + 1.0);
}
