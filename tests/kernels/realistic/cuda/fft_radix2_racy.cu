//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=128
//race on s
// Butterflies written back without the barrier between reading a, b and
// writing the results: another butterfly of the stage reads them.
#include <cuda_runtime.h>
#define N 512
#define LOG2N 9

__global__ void fft512NoReadBarrier(float2 *data) {
  __shared__ float2 s[N];
  float2 *d = data + blockIdx.x * N;
  unsigned int t = threadIdx.x;
  s[t] = d[t];
  s[t + N / 2] = d[t + N / 2];
  __syncthreads();
  for (int stage = 1; stage <= LOG2N; stage++) {
    int half = 1 << (stage - 1);
    int i = (t / half) * 2 * half + t % half;
    int j = i + half;
    float2 a = s[i], b = s[j];
    s[i] = make_float2(a.x + b.x, a.y + b.y);
    s[j] = make_float2(a.x - b.x, a.y - b.y);
  }
  __syncthreads();
  d[t] = s[t];
  d[t + N / 2] = s[t + N / 2];
}
