//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8 --no-inline
//global_requires_partial_call\.cu:19:[0-9]+: error: precondition might not hold
// CUDA, device function kept as a procedure (--no-inline): the threads
// with threadIdx.x >= 32 skip the call, so `__global_requires(width == 100)`
// is not a fact about the whole block and must be reported.
#define WIDTH 100

template <typename T>
__device__ void scatter(T *dst, const T *src, unsigned width) {
  __requires(width > 0);
  __global_requires(width == WIDTH);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  dst[i * width] = src[i];
}

__global__ void scatter_rows(float *dst, const float *src) {
  if (threadIdx.x < 32) {
    scatter<float>(dst, src, WIDTH);
  }
}
