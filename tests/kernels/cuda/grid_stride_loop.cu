//pass
//--blockDim=128 --gridDim=32
__global__ void grid_stride_loop(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = a[i] * 2.0f;
}
