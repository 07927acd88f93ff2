//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[1,1]
//race on s\[
// Row-wise reduction indexing the row by threadIdx.x: rows are shared.
#define W 16
__global__ void loop_block_reduce_2d_racy(const int *in, int *out) {
  __shared__ int s[W][W];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  s[ty][tx] = in[ty * W + tx];
  __syncthreads();
  for (unsigned d = W / 2; d > 0; d >>= 1) {
    if (tx < d) s[tx][ty] += s[tx][ty + d];
  }
  __syncthreads();
  if (tx == 0) out[ty] = s[ty][0];
}
