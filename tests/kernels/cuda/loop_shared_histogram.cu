//pass
//--blockDim=64 --gridDim=4
// Per-block histogram with shared atomics over a grid-stride loop.
#define BINS 16
__global__ void loop_shared_histogram(const unsigned *in, unsigned n, unsigned *hist) {
  __shared__ unsigned local[BINS];
  if (threadIdx.x < BINS) local[threadIdx.x] = 0;
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i] % BINS], 1u);
  __syncthreads();
  if (threadIdx.x < BINS) atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}
