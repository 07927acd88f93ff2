//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//race on (s_data|d_Output)
// The shared-memory Walsh transform with the barrier after the butterfly
// instead of before it: the first stage reads elements the load loop of
// other threads is still writing.
#include <cuda_runtime.h>

#define LOG2N 10

__global__ void fwtBatch1NoSync(float *d_Output, const float *d_Input) {
  const int N = 1 << LOG2N;
  __shared__ float s_data[N];
  const float *d_Src = d_Input + (blockIdx.x << LOG2N);
  float *d_Dst = d_Output + (blockIdx.x << LOG2N);
  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) s_data[pos] = d_Src[pos];
  for (int stride = N; stride >= 4; stride >>= 2) {
    int lo = threadIdx.x & (stride / 4 - 1);
    int i0 = ((threadIdx.x - lo) << 2) + lo;
    int i1 = i0 + stride / 4, i2 = i1 + stride / 4, i3 = i2 + stride / 4;
    float D0 = s_data[i0], D1 = s_data[i1], D2 = s_data[i2], D3 = s_data[i3];
    s_data[i0] = D0 + D1 + D2 + D3;
    s_data[i1] = D0 - D1 + D2 - D3;
    s_data[i2] = D0 + D1 - D2 - D3;
    s_data[i3] = D0 - D1 - D2 + D3;
    __syncthreads();
  }
  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) d_Dst[pos] = s_data[pos];
}
