//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible write-write race on s\[
// Four threads write different values to each shared cell.
__global__ void kind_write_write_shared(int *out) {
  __shared__ int s[16];
  int t = threadIdx.x;
  s[t / 4] = t;
  __syncthreads();
  out[t] = s[t / 4];
}
