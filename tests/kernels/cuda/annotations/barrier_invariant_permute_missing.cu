//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//possible write-write race on out
// barrier_invariant_permute.cu without its barrier invariant: after the
// barrier nothing is known of `dest`, so two threads may hit one element.
#define BLOCK 128

__global__ void rotate_blocks(const float *in, float *out) {
  __shared__ int dest[BLOCK];
  int t = threadIdx.x;
  int base = blockIdx.x * BLOCK;
  dest[t] = (t + 1) % BLOCK;
  __syncthreads();
  out[base + dest[t]] = in[base + t];
}
