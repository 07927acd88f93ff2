//pass
//--blockDim=64 --gridDim=8
// Kernels with printf debugging and device asserts left in, as code under
// development has them: a bounds assert, a printf from one thread per
// block, and a shared-memory histogram of byte values with atomics.
#include <cuda_runtime.h>
#include <cstdio>
#include <cassert>

#define BINS 64

__global__ void histogramDebug(const unsigned char *__restrict__ data, unsigned int *__restrict__ hist,
                               int n, bool verbose) {
  __shared__ unsigned int s_hist[BINS];
  int tid = threadIdx.x;
  s_hist[tid] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
    unsigned char v = data[i];
    assert(v / 4 < BINS);
    atomicAdd(&s_hist[v / 4], 1u);
  }
  __syncthreads();
  if (verbose && tid == 0) {
    printf("block %d: bin0=%u\n", blockIdx.x, s_hist[0]);
  }
  atomicAdd(&hist[tid], s_hist[tid]);
}

__global__ void hello(int *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) printf("Hello from block %d, thread %d\n", blockIdx.x, threadIdx.x);
  out[gid] = gid;
}

int main() {
  int n = 64 * 8 * 4;
  unsigned char *d_data;
  unsigned int *d_hist;
  int *d_out;
  cudaMalloc(&d_data, n);
  cudaMalloc(&d_hist, BINS * sizeof(unsigned int));
  cudaMalloc(&d_out, 64 * 8 * sizeof(int));
  histogramDebug<<<8, 64>>>(d_data, d_hist, n, true);
  hello<<<8, 64>>>(d_out);
  cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
