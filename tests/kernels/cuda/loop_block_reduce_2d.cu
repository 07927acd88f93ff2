//pass
//--blockDim=[16,16] --gridDim=[2,2]
// Row-wise tree reduction in a 2-D block.
#define W 16
__global__ void loop_block_reduce_2d(const int *in, int *out) {
  __shared__ int s[W][W];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  s[ty][tx] = in[(blockIdx.y * W + ty) * (gridDim.x * W) + blockIdx.x * W + tx];
  __syncthreads();
  for (unsigned d = W / 2; d > 0; d >>= 1) {
    if (tx < d) s[ty][tx] += s[ty][tx + d];
    __syncthreads();
  }
  if (tx == 0) out[(blockIdx.y * gridDim.x + blockIdx.x) * W + ty] = s[ty][0];
}
