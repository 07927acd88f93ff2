//pass
//--blockDim=64 --gridDim=1
__global__ void syncthreads_count(const int *flags, int *out) {
  int n = __syncthreads_count(flags[threadIdx.x] > 0);
  if (threadIdx.x == 0) *out = n;
}
