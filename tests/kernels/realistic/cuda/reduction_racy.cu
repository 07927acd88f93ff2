//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//race on sdata
// Two reductions as they go wrong in practice: the sync inside the tree
// loop placed under the `if`, and the pre-Volta last-warp unroll through a
// volatile pointer without __syncwarp (a race on Volta and later).
#include <cuda_runtime.h>
#include <helper_cuda.h>

template <unsigned int blockSize>
__global__ void reduce_missing_sync(const float *g_idata, float *g_odata, unsigned int n) {
  __shared__ float sdata[blockSize];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockSize + tid;
  sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

__device__ void warpReduce(volatile float *sdata, unsigned int tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void reduce_volatile_warp(const float *g_idata, float *g_odata, unsigned int n) {
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

int main() {
  float *d_in, *d_out;
  cudaMalloc(&d_in, (1 << 20) * sizeof(float));
  cudaMalloc(&d_out, 64 * sizeof(float));
  reduce_missing_sync<256><<<64, 256>>>(d_in, d_out, 1 << 20);
  reduce_volatile_warp<<<64, 256>>>(d_in, d_out, 1 << 20);
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
