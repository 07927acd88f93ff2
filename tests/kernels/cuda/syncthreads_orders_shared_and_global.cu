//pass
//--blockDim=64 --gridDim=1
// __syncthreads orders shared and global accesses in one block.
__global__ void syncthreads_orders_shared_and_global(int *a) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t;
  a[t] = 2 * t;
  __syncthreads();
  a[(t + 7) % 64] += s[(t + 9) % 64];
}
