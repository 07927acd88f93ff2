//pass
//--blockDim=256 --gridDim=64 -DELEMENTARY_LOG2SIZE=11 --kernel-args=fwtBatch1Kernel,11 --kernel-args=fwtBatch2Kernel,256 --kernel-args=modulateKernel,8388608
// Fast Walsh-Hadamard transform, SDK structure: a shared-memory kernel
// doing log2(N) radix-4 stages on 2^ELEMENTARY_LOG2SIZE elements per
// block, a global radix-2 stage kernel for larger strides, and a modulate
// kernel.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#ifndef ELEMENTARY_LOG2SIZE
#define ELEMENTARY_LOG2SIZE 11
#endif

__global__ void fwtBatch1Kernel(float *d_Output, float *d_Input, int log2N) {
  const int N = 1 << log2N;
  const int base = blockIdx.x << log2N;

  extern __shared__ float s_data[];
  float *d_Src = d_Input + base;
  float *d_Dst = d_Output + base;

  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) s_data[pos] = d_Src[pos];

  int stride = N;
  // Radix-4 stages
  for (; stride >= 4; stride >>= 2) {
    int lo = threadIdx.x & (stride / 4 - 1);
    int i0 = ((threadIdx.x - lo) << 2) + lo;
    int i1 = i0 + stride / 4;
    int i2 = i1 + stride / 4;
    int i3 = i2 + stride / 4;

    __syncthreads();
    float D0 = s_data[i0];
    float D1 = s_data[i1];
    float D2 = s_data[i2];
    float D3 = s_data[i3];

    float T;
    T = D0; D0 = D0 + D2; D2 = T - D2;
    T = D1; D1 = D1 + D3; D3 = T - D3;
    T = D0; s_data[i0] = D0 + D1; s_data[i1] = T - D1;
    T = D2; s_data[i2] = D2 + D3; s_data[i3] = T - D3;
  }

  __syncthreads();
  for (int pos = threadIdx.x; pos < N; pos += blockDim.x) d_Dst[pos] = s_data[pos];
}

__global__ void fwtBatch2Kernel(float *d_Output, float *d_Input, int stride) {
  const int pos = blockIdx.x * blockDim.x + threadIdx.x;
  const int N = blockDim.x * gridDim.x * 4;

  float *d_Src = d_Input + blockIdx.y * N;
  float *d_Dst = d_Output + blockIdx.y * N;

  int lo = pos & (stride - 1);
  int i0 = ((pos - lo) << 2) + lo;
  int i1 = i0 + stride;
  int i2 = i1 + stride;
  int i3 = i2 + stride;

  float D0 = d_Src[i0];
  float D1 = d_Src[i1];
  float D2 = d_Src[i2];
  float D3 = d_Src[i3];

  float T;
  T = D0; D0 = D0 + D2; D2 = T - D2;
  T = D1; D1 = D1 + D3; D3 = T - D3;
  T = D0; d_Dst[i0] = D0 + D1; d_Dst[i1] = T - D1;
  T = D2; d_Dst[i2] = D2 + D3; d_Dst[i3] = T - D3;
}

__global__ void modulateKernel(float *d_A, float *d_B, int N) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int numThreads = blockDim.x * gridDim.x;
  float rcpN = 1.0f / (float)N;
  for (int pos = tid; pos < N; pos += numThreads) d_A[pos] *= d_B[pos] * rcpN;
}

int main() {
  float *d_Data, *d_Kernel;
  const int log2Data = 23, dataN = 1 << log2Data;
  checkCudaErrors(cudaMalloc((void **)&d_Kernel, dataN * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_Data, dataN * sizeof(float)));
  fwtBatch1Kernel<<<dataN >> ELEMENTARY_LOG2SIZE, 256,
                    (1 << ELEMENTARY_LOG2SIZE) * sizeof(float)>>>(d_Data, d_Data,
                                                                  ELEMENTARY_LOG2SIZE);
  modulateKernel<<<128, 256>>>(d_Data, d_Kernel, dataN);
  return 0;
}
