//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
__global__ void warp_size_use(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  a[threadIdx.x] = s[threadIdx.x ^ (warpSize - 1)];
}
