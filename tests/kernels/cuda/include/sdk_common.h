// A project-local helper header, as CUDA samples keep one next to their kernels.
#ifndef SDK_COMMON_H
#define SDK_COMMON_H
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK_RETURN(value)                                              \
  do {                                                                        \
    cudaError_t _m_cudaStat = value;                                          \
    if (_m_cudaStat != cudaSuccess) {                                         \
      fprintf(stderr, "Error %s at line %d in file %s\n",                     \
              cudaGetErrorString(_m_cudaStat), __LINE__, __FILE__);           \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

static __device__ __forceinline__ int global_thread_id() {
  return blockIdx.x * blockDim.x + threadIdx.x;
}
#endif
