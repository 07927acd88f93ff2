//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
__global__ void sync_in_divergent_if(int *a) {
  if (threadIdx.x % 2 == 0) {
    a[threadIdx.x] = 1;
    __syncthreads();
  }
}
