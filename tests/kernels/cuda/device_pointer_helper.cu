//pass
//--blockDim=64 --gridDim=4
__device__ void zero(float *p, int i) { p[i] = 0.0f; }
__global__ void device_pointer_helper(float *a, float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  zero(a, i);
  zero(b, i);
}
