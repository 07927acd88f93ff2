//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//barrier_invariant_permute_wrong.cu:13:3: error: this assertion might not hold
// The invariant claims a rotation, the code computes a fold (t / 2):
// the invariant is checked before the barrier and fails.
#define BLOCK 128

__global__ void rotate_blocks(const float *in, float *out) {
  __shared__ int dest[BLOCK];
  int t = threadIdx.x;
  int base = blockIdx.x * BLOCK;
  dest[t] = t / 2;
  __barrier_invariant_1(dest[t] == (t + 1) % BLOCK, t);
  __syncthreads();
  out[base + dest[t]] = in[base + t];
}
