//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[16,16]
//possible (read-write|write-read) race on smem
// dynamicSmemTranspose.cu's reversal without the barrier: a thread reads
// the mirrored entry before its owner writes it.
#include <cuda_runtime.h>

template <typename T>
__device__ T *shared_memory_proxy() {
  extern __shared__ __align__(sizeof(T)) unsigned char smem[];
  return reinterpret_cast<T *>(smem);
}

template <typename T>
__global__ void reverseBlock(T *__restrict__ d, int n) {
  T *s = shared_memory_proxy<T>();
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  int nt = blockDim.x * blockDim.y;
  s[t] = d[b * nt + t];
  d[b * nt + t] = s[nt - t - 1];
}

template __global__ void reverseBlock<double>(double *, int);
