//pass
//--blockDim=64 --gridDim=4
// The output layout of the SDK Mersenne twister samples: NUM_GEN generators
// (as many as the launch has threads), generator g writing its k-th value
// at d_out[g + k * NUM_GEN]; a Box-Muller pass walks the generators with a
// grid-stride loop and each generator's outputs in pairs with an inner loop.
// Every access of a thread is congruent to its id modulo NUM_GEN; the outer
// loop needs that at its head (rule outer_access_init: the inner loop's
// residue with the generator index replaced by its initial value).
// Racy twin: infer_outer_residue_racy.cu.
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
      boxMuller(d_out[g + (k + 0) * NUM_GEN], d_out[g + (k + 1) * NUM_GEN]);
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
