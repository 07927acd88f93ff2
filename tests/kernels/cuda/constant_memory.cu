//pass
//--blockDim=64 --gridDim=2
__constant__ float weights[8];
__global__ void constant_memory(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = weights[threadIdx.x % 8] * out[i];
}
