//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
__global__ void shared_reverse_no_sync(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = d[t];
  d[t] = s[63 - t];
}
