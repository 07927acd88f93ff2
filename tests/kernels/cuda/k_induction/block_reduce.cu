//pass
//--blockDim=128 --gridDim=8 --no-infer --k-induction-depth=2
// CUDA block reduction (templated over the element type) proved by
// k-induction of depth 2, inference off: no loop invariant anywhere.
#include <cuda_runtime.h>

template <typename T, unsigned BLOCK>
__global__ void block_sum(const T *in, T *out) {
  __shared__ T cache[BLOCK];
  unsigned t = threadIdx.x;
  cache[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half != 0; half /= 2) {
    if (t < half)
      cache[t] += cache[t + half];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = cache[0];
}

template __global__ void block_sum<int, 128>(const int *, int *);

int main() {
  int *in, *out;
  cudaMalloc(&in, 1024 * sizeof(int));
  cudaMalloc(&out, 8 * sizeof(int));
  block_sum<int, 128><<<8, 128>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
