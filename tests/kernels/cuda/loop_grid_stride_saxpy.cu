//pass
//--blockDim=128 --gridDim=16
// Grid-stride SAXPY.
__global__ void loop_grid_stride_saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
