//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
//race on temp
// The naive scan done in place (one buffer): a thread reads temp[thid -
// offset] while its neighbour updates it in the same step.
#include <cuda_runtime.h>

__global__ void scan_inplace(float *g_odata, const float *g_idata, int n) {
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  temp[thid] = (thid > 0) ? g_idata[blockIdx.x * n + thid - 1] : 0;
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    if (thid >= offset) temp[thid] += temp[thid - offset];
    __syncthreads();
  }
  g_odata[blockIdx.x * n + thid] = temp[thid];
}
