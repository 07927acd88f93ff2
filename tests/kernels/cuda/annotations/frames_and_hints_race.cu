//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible (read-write|write-read) race on buf
// The bracketed loads are still race-checked.
__global__ void shift(int *buf) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  __non_temporal_loads_begin();
  int v = buf[g + 1];
  __non_temporal_loads_end();
  buf[g] = v;
}
