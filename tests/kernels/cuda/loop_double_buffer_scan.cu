//pass
//--blockDim=64 --gridDim=2
// Kogge-Stone scan with two shared buffers selected by an index.
#define N 64
__global__ void loop_double_buffer_scan(int *data) {
  __shared__ int buf[2 * N];
  unsigned t = threadIdx.x;
  unsigned pout = 0, pin = 1;
  buf[t] = data[blockIdx.x * N + t];
  __syncthreads();
  for (unsigned offset = 1; offset < N; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (t >= offset)
      buf[pout * N + t] = buf[pin * N + t] + buf[pin * N + t - offset];
    else
      buf[pout * N + t] = buf[pin * N + t];
    __syncthreads();
  }
  data[blockIdx.x * N + t] = buf[pout * N + t];
}
