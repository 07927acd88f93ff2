//pass
//--blockDim=128 --gridDim=8
// Global histogram with atomics in a grid-stride loop.
__global__ void loop_histogram_global_atomic(const unsigned char *in, int n, unsigned *hist) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&hist[in[i]], 1u);
}
