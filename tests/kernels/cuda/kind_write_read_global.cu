//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible write-read race on a\[
// A write of the own element, then a read of another thread's.
__global__ void kind_write_read_global(int *a, int *out) {
  int t = threadIdx.x;
  a[t] = t;
  out[t] = a[63 - t];
}
