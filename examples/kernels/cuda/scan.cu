//pass
//--blockDim=128 --gridDim=16
// Inclusive prefix sum of each block's 128 elements (Hillis-Steele),
// ping-ponging between two shared buffers.
#define N 128

__global__ void scan(const int *in, int *out) {
  __shared__ int temp[2][N];
  int t = threadIdx.x;
  int cur = 0;
  temp[cur][t] = in[blockIdx.x * N + t];
  __syncthreads();
  for (int offset = 1; offset < N; offset *= 2) {
    int next = 1 - cur;
    if (t >= offset)
      temp[next][t] = temp[cur][t] + temp[cur][t - offset];
    else
      temp[next][t] = temp[cur][t];
    cur = next;
    __syncthreads();
  }
  out[blockIdx.x * N + t] = temp[cur][t];
}
