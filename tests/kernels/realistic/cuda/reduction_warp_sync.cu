//pass
//--blockDim=256 --gridDim=64 --warp-sync=32
// The pre-Volta last-warp unroll, verified under the lock-step warp
// assumption it was written for (--warp-sync=32).
#include <cuda_runtime.h>

__device__ void warpReduce(volatile int *sdata, unsigned int tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void reduce_legacy(const int *g_idata, int *g_odata, unsigned int n) {
  __shared__ int sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;
  int v = 0;
  if (i < n) v = g_idata[i];
  if (i + blockDim.x < n) v += g_idata[i + blockDim.x];
  sdata[tid] = v;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
