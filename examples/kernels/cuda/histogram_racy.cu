//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//possible .*race on bins
// The merge starts without waiting for the other threads' atomics: the
// plain read of bins[threadIdx.x] races with them.
__global__ void histogram_racy(const unsigned char *data, int n, unsigned *hist) {
  __shared__ unsigned bins[256];
  bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
  atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}
