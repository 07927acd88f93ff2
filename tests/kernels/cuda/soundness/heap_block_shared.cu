//pass
//--blockDim=64 --gridDim=1
// The race-free twin of heap_block_shared_race.cu: each thread writes its
// own element of the published block. (One block: blocks malloc'd by
// different threads may overlap in the model, SOUNDNESS.md.)
#include <cuda_runtime.h>

__global__ void pair_scratch(const int *in, int *out) {
  __shared__ int *scratch;
  if (threadIdx.x == 0)
    scratch = (int *)malloc(blockDim.x * sizeof(int));
  __syncthreads();
  scratch[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
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
