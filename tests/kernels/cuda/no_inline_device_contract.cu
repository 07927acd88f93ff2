//pass
//--blockDim=32 --gridDim=4 --no-inline
// CUDA: a __device__ function kept as a procedure, with its contract.
__device__ void scale(float *p, int i, float k) {
  __requires(i == blockIdx.x * blockDim.x + threadIdx.x);
  __requires(__ptr_offset_bytes(p) == 0);
  __requires(__no_read(p));
  __requires(__no_write(p));
  p[i] = p[i] * k;
}

__global__ void no_inline_device_contract(float *x) {
  scale(x, blockIdx.x * blockDim.x + threadIdx.x, 2.0f);
}
