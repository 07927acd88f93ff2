//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
__device__ int total;
__global__ void device_global_variable(const int *a) {
  total += a[blockIdx.x * blockDim.x + threadIdx.x];
}
