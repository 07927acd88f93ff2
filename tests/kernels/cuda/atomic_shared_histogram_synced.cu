//pass
//--blockDim=64 --gridDim=2
// A shared histogram: zeroed, synced, filled atomically, synced, read.
__global__ void atomic_shared_histogram_synced(const int *in, int *out) {
  __shared__ int hist[64];
  int t = threadIdx.x;
  hist[t] = 0;
  __syncthreads();
  atomicAdd(&hist[in[blockIdx.x * 64 + t] & 63], 1);
  __syncthreads();
  out[blockIdx.x * 64 + t] = hist[t];
}
