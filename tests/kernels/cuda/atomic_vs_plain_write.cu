//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
__global__ void atomic_vs_plain_write(int *x) {
  if (threadIdx.x == 0) *x = 0;
  else atomicAdd(x, 1);
}
