//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible write-read race on a\[
//in thread block
// __syncthreads does not order threads of different blocks.
__global__ void syncthreads_not_across_blocks(int *a, int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  a[g] = g;
  __syncthreads();
  out[g] = a[(g + 1) % 128];
}
