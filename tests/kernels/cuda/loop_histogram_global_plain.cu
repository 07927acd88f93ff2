//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=2
//race on hist\[
// The histogram incremented without atomics.
__global__ void loop_histogram_global_plain(const unsigned char *in, int n, unsigned *hist) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    hist[in[i]] += 1u;
}
