//pass
//--blockDim=64 --gridDim=2
// The race-free twin of indirect_call_kernel_signature_race.cu: both
// operations touch only the thread's own element; the kernels share the
// operations' signature and are not targets.
#include <cuda_runtime.h>

typedef void (*elem_op)(float *, unsigned);

__device__ void scale_elem(float *data, unsigned i) { data[i] *= 2.0f; }
__device__ void clear_elem(float *data, unsigned i) { data[i] = 0.0f; }

__global__ void apply_op(float *data, unsigned which) {
  elem_op ops[2] = {scale_elem, clear_elem};
  ops[which & 1](data, blockIdx.x * blockDim.x + threadIdx.x);
}

__global__ void apply_scale(float *data, unsigned n) {
  elem_op op = scale_elem;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    op(data, i);
}

int main() {
  float *data;
  cudaMalloc(&data, 128 * sizeof(float));
  apply_op<<<2, 64>>>(data, 0);
  apply_scale<<<2, 64>>>(data, 128);
  cudaDeviceSynchronize();
  return 0;
}
