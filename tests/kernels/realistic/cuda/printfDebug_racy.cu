//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//possible (atomic-read|read-atomic|read-write|write-read) race on s_hist\[
// printfDebug.cu's histogram with the debug printf moved before the
// barrier that ends the counting: thread 0 reads bin 0 while other
// threads may still be incrementing it.
#include <cuda_runtime.h>
#include <cstdio>

#define BINS 64

__global__ void histogramDebug(const unsigned char *__restrict__ data, unsigned int *__restrict__ hist,
                               int n) {
  __shared__ unsigned int s_hist[BINS];
  int tid = threadIdx.x;
  s_hist[tid] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&s_hist[data[i] / 4], 1u);
  }
  if (tid == 0) printf("block %d: bin0=%u\n", blockIdx.x, s_hist[0]);
  __syncthreads();
  atomicAdd(&hist[tid], s_hist[tid]);
}
