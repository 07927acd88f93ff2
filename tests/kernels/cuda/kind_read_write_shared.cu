//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible read-write race on s\[
//in thread block
// A read of the neighbour's shared cell, then a write of the own one.
__global__ void kind_read_write_shared(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int x = s[(t + 1) % 64];
  s[t] = x + 1;
  out[t] = x;
}
