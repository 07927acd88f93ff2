//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible atomic-read race on count\[
// atomicAdd, then a plain read of the counter without a barrier.
__global__ void kind_atomic_read(int *count, int *out) {
  atomicAdd(count, 1);
  out[threadIdx.x] = *count;
}
