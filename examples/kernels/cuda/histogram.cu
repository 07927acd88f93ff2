//pass
//--blockDim=256 --gridDim=64
// 256-bin histogram: shared bins updated with atomicAdd, merged into
// the global histogram with atomicAdd.
__global__ void histogram(const unsigned char *data, int n, unsigned *hist) {
  __shared__ unsigned bins[256];
  bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
  __syncthreads();
  atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}
