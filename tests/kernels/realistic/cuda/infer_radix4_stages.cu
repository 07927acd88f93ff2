//pass
//--blockDim=64 --gridDim=8 -DLOG2N=8
// Radix-4 butterfly stages in shared memory, as the SDK fast Walsh
// transform does them: the stride runs N, N/4, N/16 ... (`stride >>= 2`)
// and thread t works on the quad i0 = 4 * (t - lo) + lo, i0 + q, i0 + 2q,
// i0 + 3q with q = stride / 4 and lo = t & (q - 1). Quads of different
// threads are disjoint because q is a power of two (rule pow2 on a counter
// scaled by 4). Racy twin: infer_radix4_stages_racy.cu.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#ifndef LOG2N
#define LOG2N 8
#endif

__global__ void walshRadix4(float *d_Output, const float *d_Input) {
  const int N = 1 << LOG2N;
  __shared__ float s_data[1 << LOG2N];
  const float *d_Src = d_Input + (blockIdx.x << LOG2N);
  float *d_Dst = d_Output + (blockIdx.x << LOG2N);

  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) s_data[pos] = d_Src[pos];

  for (int stride = N; stride >= 4; stride >>= 2) {
    int q = stride / 4;
    int lo = threadIdx.x & (q - 1);
    int i0 = ((threadIdx.x - lo) << 2) + lo;
    __syncthreads();
    float D0 = s_data[i0], D1 = s_data[i0 + q], D2 = s_data[i0 + 2 * q], D3 = s_data[i0 + 3 * q];
    float S02 = D0 + D2, T02 = D0 - D2, S13 = D1 + D3, T13 = D1 - D3;
    s_data[i0] = S02 + S13;
    s_data[i0 + q] = S02 - S13;
    s_data[i0 + 2 * q] = T02 + T13;
    s_data[i0 + 3 * q] = T02 - T13;
  }

  __syncthreads();
  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) d_Dst[pos] = s_data[pos];
}

int main() {
  float *d_Data, *d_Result;
  checkCudaErrors(cudaMalloc(&d_Data, 8 * (1 << LOG2N) * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_Result, 8 * (1 << LOG2N) * sizeof(float)));
  walshRadix4<<<8, 64>>>(d_Result, d_Data);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
