//pass
//--blockDim=1024 --gridDim=4194303
// The race-free twin of launch_largest_block_race.cu at the same launch:
// every thread owns its slot and the global ids of 2^32 - 2048 threads are
// distinct, so it verifies.

#define BLOCK 1024

__global__ void scale_rows(float *out, const float *in) {
  __shared__ float partial[BLOCK];
  unsigned t = threadIdx.x;
  unsigned gid = blockIdx.x * blockDim.x + t;
  partial[t] = in[gid];
  __syncthreads();
  out[gid] = partial[(t + 1) % BLOCK] * 2.0f;
}
