//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
//possible (read-write|write-read) race on shArray\[
// half2Axpy.cu's dot product with the barrier between the two folding
// steps left out: lanes 0..31 read what lanes 32..63 are still writing.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define NUM_OF_THREADS 128

__global__ void scalarProductKernel(const half2 *a, const half2 *b, float *results, size_t size) {
  const int stride = gridDim.x * blockDim.x;
  __shared__ half2 shArray[NUM_OF_THREADS];
  half2 value = __float2half2_rn(0.f);
  for (int i = threadIdx.x + blockDim.x * blockIdx.x; i < size; i += stride) {
    value = __hfma2(a[i], b[i], value);
  }
  shArray[threadIdx.x] = value;
  __syncthreads();
  int lid = threadIdx.x;
  if (lid < 64) shArray[lid] = __hadd2(shArray[lid], shArray[lid + 64]);
  if (lid < 32) shArray[lid] = __hadd2(shArray[lid], shArray[lid + 32]);
  __syncthreads();
  if (threadIdx.x == 0) {
    results[blockIdx.x] = __low2float(shArray[0]) + __high2float(shArray[0]);
  }
}
