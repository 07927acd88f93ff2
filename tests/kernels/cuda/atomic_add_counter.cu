//pass
//--blockDim=128 --gridDim=16
__global__ void atomic_add_counter(int *count, const int *flags) {
  if (flags[blockIdx.x * blockDim.x + threadIdx.x]) atomicAdd(count, 1);
}
