//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//race on buf\[
// The double-buffered scan writing the buffer it reads.
#define N 64
__global__ void loop_double_buffer_scan_racy(int *data) {
  __shared__ int buf[2 * N];
  unsigned t = threadIdx.x;
  unsigned pout = 0;
  buf[t] = data[t];
  __syncthreads();
  for (unsigned offset = 1; offset < N; offset *= 2) {
    if (t >= offset)
      buf[pout * N + t] = buf[pout * N + t] + buf[pout * N + t - offset];
    __syncthreads();
  }
  data[t] = buf[t];
}
