//pass
//--blockDim=128 --gridDim=4
extern __shared__ float buffer[];
__global__ void dynamic_shared(float *out) {
  buffer[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buffer[blockDim.x - 1 - threadIdx.x];
}
