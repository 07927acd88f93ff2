//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//race on local\[
// Reads the shared histogram while other threads still add to it.
#define BINS 16
__global__ void loop_shared_histogram_plain_read(const unsigned *in, unsigned n, unsigned *hist) {
  __shared__ unsigned local[BINS];
  if (threadIdx.x < BINS) local[threadIdx.x] = 0;
  __syncthreads();
  for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
    atomicAdd(&local[in[i] % BINS], 1u);
  if (threadIdx.x < BINS) hist[threadIdx.x] = local[threadIdx.x];
}
