//pass
//--blockDim=64 --gridDim=1
// __syncthreads orders global memory within a block.
__global__ void syncthreads_orders_global_in_block(int *a) {
  int t = threadIdx.x;
  a[t] = t;
  __syncthreads();
  a[(t + 1) % 64] += 1;
}
