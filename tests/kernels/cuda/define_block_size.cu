//pass
//--blockDim=64 --gridDim=2 -DBS=64
__global__ void define_block_size(int *a) {
  __shared__ int s[BS];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  a[blockIdx.x * BS + threadIdx.x] = s[BS - 1 - threadIdx.x];
}
