//pass
//--blockDim=512 --gridDim=128
// Block-wide sum in shared memory; thread 0 of each block stores the
// block's sum.
#define BLOCK 512

__global__ void reduce_sum(const float *in, float *block_sums) {
  __shared__ float s[BLOCK];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (unsigned stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    block_sums[blockIdx.x] = s[0];
}
