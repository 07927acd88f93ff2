//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//possible (read-write|write-read) race on buf[AB]\[
// Racy twin of pingpong_shared_scan.cu: on odd steps the swap is only
// `src = dst`, so from the next step both pointers name one buffer and a
// thread reads the element its neighbour writes in the same step.
#include <cuda_runtime.h>

template <typename T, int BLOCK>
__global__ void inclusiveScanBlock(const T *in, T *out) {
  __shared__ T bufA[BLOCK];
  __shared__ T bufB[BLOCK];
  T *src = bufA;
  T *dst = bufB;
  const int tid = threadIdx.x;
  const int gid = blockIdx.x * BLOCK + tid;
  src[tid] = in[gid];
  __syncthreads();
  int step = 0;
  for (int offset = 1; offset < BLOCK; offset <<= 1, ++step) {
    T v = src[tid];
    if (tid >= offset) v += src[tid - offset];
    dst[tid] = v;
    __syncthreads();
    if (step & 1) {
      src = dst;
    } else {
      T *t = src;
      src = dst;
      dst = t;
    }
  }
  out[gid] = src[tid];
}

template __global__ void inclusiveScanBlock<float, 256>(const float *, float *);
