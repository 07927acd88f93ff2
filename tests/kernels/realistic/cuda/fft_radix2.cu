//pass
//--blockDim=256 --gridDim=128
// Radix-2 FFT of 512 points per block in shared memory: bit-reversed
// load, log2(N) butterfly stages separated by barriers.
#include <cuda_runtime.h>
#include <cuComplex.h>
#define N 512
#define LOG2N 9

__device__ unsigned int bitReverse(unsigned int x, int bits) {
  return __brev(x) >> (32 - bits);
}

__global__ void fft512(float2 *data) {
  __shared__ float2 s[N];
  float2 *d = data + blockIdx.x * N;
  unsigned int t = threadIdx.x;
  s[bitReverse(t, LOG2N)] = d[t];
  s[bitReverse(t + N / 2, LOG2N)] = d[t + N / 2];
  __syncthreads();
  for (int stage = 1; stage <= LOG2N; stage++) {
    int half = 1 << (stage - 1);
    int group = t / half;
    int k = t % half;
    int i = group * 2 * half + k;
    int j = i + half;
    float angle = -2.0f * 3.14159265f * k / (2 * half);
    float2 w = make_float2(__cosf(angle), __sinf(angle));
    float2 a = s[i], b = s[j];
    float2 bw = make_float2(b.x * w.x - b.y * w.y, b.x * w.y + b.y * w.x);
    __syncthreads();
    s[i] = make_float2(a.x + bw.x, a.y + bw.y);
    s[j] = make_float2(a.x - bw.x, a.y - bw.y);
    __syncthreads();
  }
  d[t] = s[t];
  d[t + N / 2] = s[t + N / 2];
}
