//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=4 --no-inline
//possible read-write race on x
// CUDA: the helper reads the next element and writes its own: a race
// between two threads inside the callee.
__device__ void shift(float *p, int i) {
  __requires(i == blockIdx.x * blockDim.x + threadIdx.x);
  __requires(__ptr_offset_bytes(p) == 0);
  __requires(__no_read(p));
  __requires(__no_write(p));
  p[i] = p[(i + 1) % 128];
}

__global__ void no_inline_device_race(float *x) {
  shift(x, blockIdx.x * blockDim.x + threadIdx.x);
}
