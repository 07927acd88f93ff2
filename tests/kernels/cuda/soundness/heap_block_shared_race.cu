//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible write-write race on heap\[
// A block malloc'd by thread 0 and published through shared memory: after
// the barrier threads 2k and 2k + 1 write the same element.
#include <cuda_runtime.h>

__global__ void pair_scratch(const int *in, int *out) {
  __shared__ int *scratch;
  if (threadIdx.x == 0)
    scratch = (int *)malloc(blockDim.x * sizeof(int));
  __syncthreads();
  scratch[threadIdx.x / 2] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x] = scratch[0];
    free(scratch);
  }
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 128 * sizeof(int));
  cudaMalloc(&out, 2 * sizeof(int));
  pair_scratch<<<2, 64>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
