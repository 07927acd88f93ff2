//pass
//--blockDim=64 --gridDim=1
__global__ void shared_reverse(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = d[t];
  __syncthreads();
  d[t] = s[63 - t];
}
