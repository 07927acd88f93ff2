//pass
//--blockDim=128 --gridDim=16
// A block-wide permutation through shared memory: each thread computes
// where its element goes (a rotation by one), publishes it, and after
// __syncthreads() scatters its element there. The targets are data: only
// the barrier invariant tells the verifier they are distinct.
#define BLOCK 128

__global__ void rotate_blocks(const float *in, float *out) {
  __shared__ int dest[BLOCK];
  int t = threadIdx.x;
  int base = blockIdx.x * BLOCK;
  dest[t] = (t + 1) % BLOCK;
  __barrier_invariant_1(dest[t] == (t + 1) % BLOCK, t);
  __syncthreads();
  out[base + dest[t]] = in[base + t];
}

