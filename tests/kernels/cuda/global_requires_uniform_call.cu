//pass
//--blockDim=128 --gridDim=8 --no-inline
// Twin of global_requires_partial_call.cu: the whole block calls the device
// function with width == 100.
#define WIDTH 100

template <typename T>
__device__ void scatter(T *dst, const T *src, unsigned width) {
  __requires(width > 0);
  __global_requires(width == WIDTH);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  dst[i * width] = src[i];
}

__global__ void scatter_rows(float *dst, const float *src) {
  scatter<float>(dst, src, WIDTH);
}
