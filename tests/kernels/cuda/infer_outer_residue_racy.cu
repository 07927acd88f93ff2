//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible (write-read|read-write|write-write) race on d_out\[
// Racy twin of infer_outer_residue.cu: the outputs are laid out with half
// the generator count as stride, so generator g's second value lands on
// generator g + NUM_GEN / 2's first, which another thread scales.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define NUM_GEN 256

__global__ void scaleOutputs(float *d_out, int nPerGen, float scale) {
  const int tid = blockDim.x * blockIdx.x + threadIdx.x;
  const int nThreads = blockDim.x * gridDim.x;
  for (int g = tid; g < NUM_GEN; g += nThreads)
    for (int k = 0; k < nPerGen; k++)
      d_out[g + k * (NUM_GEN / 2)] = d_out[g + k * (NUM_GEN / 2)] * scale;
}

int main() {
  float *d_out;
  const int nPerGen = 1000;
  checkCudaErrors(cudaMalloc(&d_out, NUM_GEN * nPerGen * sizeof(float)));
  scaleOutputs<<<4, 64>>>(d_out, nPerGen, 0.5f);
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaFree(d_out));
  return 0;
}
