//pass
//--blockDim=64 --gridDim=4
__device__ int square(int x) { return x * x; }
__global__ void device_helper(int *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = square(a[i]);
}
