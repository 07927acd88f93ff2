//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible (write-read|read-write|write-write) race on d_out\[
// Racy twin of infer_outer_residue.cu: the outputs are laid out with half
// the generator count as stride, so generator g's second value lands on
// generator g + NUM_GEN / 2's first, which another thread transforms.
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define NUM_GEN 256

__device__ void boxMuller(float &u1, float &u2) {
  float r = sqrtf(-2.0f * logf(u1));
  float phi = 2.0f * 3.14159265358979f * u2;
  u1 = r * cosf(phi);
  u2 = r * sinf(phi);
}

__global__ void boxMullerOutputs(float *d_out, int nPerGen) {
  const int tid = blockDim.x * blockIdx.x + threadIdx.x;
  const int nThreads = blockDim.x * gridDim.x;
  for (int g = tid; g < NUM_GEN; g += nThreads)
    for (int k = 0; k < nPerGen; k += 2)
      boxMuller(d_out[g + (k + 0) * (NUM_GEN / 2)], d_out[g + (k + 1) * (NUM_GEN / 2)]);
}

int main() {
  float *d_out;
  const int nPerGen = 1000;
  checkCudaErrors(cudaMalloc(&d_out, NUM_GEN * nPerGen * sizeof(float)));
  boxMullerOutputs<<<4, 64>>>(d_out, nPerGen);
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaFree(d_out));
  return 0;
}
