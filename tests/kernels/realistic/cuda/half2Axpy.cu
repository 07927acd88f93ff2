//pass
//--blockDim=128 --gridDim=64
// Half-precision kernels as the fp16 samples write them: two values per
// thread in a half2, __hfma2/__hmul2 arithmetic, conversions at the edges,
// and a half2 dot product reduced in shared memory then with shuffles.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <helper_cuda.h>

#define NUM_OF_BLOCKS 64
#define NUM_OF_THREADS 128

__global__ void haxpy(int n2, half2 a, const half2 *__restrict__ x, half2 *__restrict__ y) {
  int start = threadIdx.x + blockDim.x * blockIdx.x;
  int stride = blockDim.x * gridDim.x;
  for (int i = start; i < n2; i += stride) {
    y[i] = __hfma2(a, x[i], y[i]);
  }
}

__global__ void to_half2(const float *__restrict__ in, half2 *__restrict__ out, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    out[i] = __floats2half2_rn(in[2 * i], in[2 * i + 1]);
  }
}

__forceinline__ __device__ void reduceInShared(half2 *const v) {
  int lid = threadIdx.x;
  if (lid < 64) v[lid] = __hadd2(v[lid], v[lid + 64]);
  __syncthreads();
  if (lid < 32) v[lid] = __hadd2(v[lid], v[lid + 32]);
  __syncthreads();
}

__global__ void scalarProductKernel(const half2 *a, const half2 *b, float *results, size_t size) {
  const int stride = gridDim.x * blockDim.x;
  __shared__ half2 shArray[NUM_OF_THREADS];
  shArray[threadIdx.x] = __float2half2_rn(0.f);
  half2 value = __float2half2_rn(0.f);
  for (int i = threadIdx.x + blockDim.x * blockIdx.x; i < size; i += stride) {
    value = __hfma2(a[i], b[i], value);
  }
  shArray[threadIdx.x] = value;
  __syncthreads();
  reduceInShared(shArray);
  if (threadIdx.x == 0) {
    half2 result = shArray[0];
    float f_result = __low2float(result) + __high2float(result);
    results[blockIdx.x] = f_result;
  }
}

int main() {
  size_t size = NUM_OF_BLOCKS * NUM_OF_THREADS * 16;
  half2 *a, *b;
  float *results;
  checkCudaErrors(cudaMalloc((void **)&a, size * sizeof(half2)));
  checkCudaErrors(cudaMalloc((void **)&b, size * sizeof(half2)));
  checkCudaErrors(cudaMalloc((void **)&results, NUM_OF_BLOCKS * sizeof(float)));
  scalarProductKernel<<<NUM_OF_BLOCKS, NUM_OF_THREADS>>>(a, b, results, size);
  haxpy<<<NUM_OF_BLOCKS, NUM_OF_THREADS>>>((int)size, __float2half2_rn(2.0f), a, b);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
