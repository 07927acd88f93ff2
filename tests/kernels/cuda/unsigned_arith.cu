//pass
//--blockDim=64 --gridDim=1
__global__ void unsigned_arith(unsigned *a, unsigned s) {
  unsigned t = threadIdx.x;
  a[t] = (a[t] << (s & 7)) ^ (a[t] >> 2) | (t * 2654435761u);
}
