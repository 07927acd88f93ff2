//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//possible (atomic-write|write-atomic|read-write|write-read|atomic-read|read-atomic) race on accum
// Mixed-precision gradient accumulation: each thread adds its __half2
// contribution into a per-feature accumulator with atomicAdd(__half2 *)
// (sm_60+). Racy twin: the second contribution is a plain read-modify-write
// (`accum[j] = accum[j] + ...`), racing with the other threads' atomics.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define FEATURES 64

__global__ void accumulateGrad(const __half2 *grad, __half2 *accum, __half2 *blockScale,
                               float lr) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half2 g = grad[i];
  atomicAdd(&accum[i % FEATURES], g);
  __half2 step = __float2half2_rn(lr);
  accum[(i + 1) % FEATURES] = __hadd2(accum[(i + 1) % FEATURES], __hmul2(g, step));
  if (threadIdx.x == 0)
    blockScale[blockIdx.x] = __floats2half2_rn(lr, -lr);
}

int main() {
  __half2 *grad, *accum, *scale;
  cudaMalloc(&grad, 2048 * sizeof(__half2));
  cudaMalloc(&accum, FEATURES * sizeof(__half2));
  cudaMalloc(&scale, 16 * sizeof(__half2));
  cudaMemset(accum, 0, FEATURES * sizeof(__half2));
  accumulateGrad<<<16, 128>>>(grad, accum, scale, 0.01f);
  cudaDeviceSynchronize();
  return 0;
}
