//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=128
//barrier may be reached by non-uniform control flow
// __syncthreads() moved inside the `if`: only the threads below the
// stride reach it (barrier divergence).
#define BLOCK 512

__global__ void reduce_sum_racy(const float *in, float *block_sums) {
  __shared__ float s[BLOCK];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (unsigned stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride) {
      s[tid] += s[tid + stride];
      __syncthreads();
    }
  }
  if (tid == 0)
    block_sums[blockIdx.x] = s[0];
}
