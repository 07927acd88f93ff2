//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//possible (read-write|write-read) race on temp
// In-place Hillis-Steele: thread t reads temp[t - offset] while thread
// t - offset updates it.
#define N 128

__global__ void scan_racy(const int *in, int *out) {
  __shared__ int temp[N];
  int t = threadIdx.x;
  temp[t] = in[blockIdx.x * N + t];
  __syncthreads();
  for (int offset = 1; offset < N; offset *= 2) {
    if (t >= offset)
      temp[t] += temp[t - offset];
    __syncthreads();
  }
  out[blockIdx.x * N + t] = temp[t];
}
