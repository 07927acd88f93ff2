//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible write-write race on data\[
// A table of per-element operations whose kernels have the operations'
// own signature (float *, unsigned): the kernels are named by
// !nvvm.annotations, which is not taking their address, so they are not
// targets of the indirect call (s6: they were, and the file was refused as
// recursive). The second operation writes data[0] from every thread.
#include <cuda_runtime.h>

typedef void (*elem_op)(float *, unsigned);

__device__ void scale_elem(float *data, unsigned i) { data[i] *= 2.0f; }
__device__ void reset_head(float *data, unsigned i) { data[0] = (float)i; }

__global__ void apply_op(float *data, unsigned which) {
  elem_op ops[2] = {scale_elem, reset_head};
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
  apply_op<<<2, 64>>>(data, 1);
  apply_scale<<<2, 64>>>(data, 128);
  cudaDeviceSynchronize();
  return 0;
}
