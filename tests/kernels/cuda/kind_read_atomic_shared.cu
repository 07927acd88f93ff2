//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible read-atomic race on total\[
// A plain read of a shared total, then an atomic update of it.
__global__ void kind_read_atomic_shared(int *out) {
  __shared__ int total[1];
  int before = total[0];
  atomicAdd(&total[0], threadIdx.x);
  out[threadIdx.x] = before;
}
