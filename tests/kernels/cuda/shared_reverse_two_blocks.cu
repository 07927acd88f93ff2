//pass
//--blockDim=64 --gridDim=2
// Reverse through shared memory, one block per half of the array.
__global__ void shared_reverse_two_blocks(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = d[g];
  __syncthreads();
  d[g] = s[63 - t];
}
