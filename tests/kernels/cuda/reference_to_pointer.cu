//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//possible write-write race on \*p\[
//Verified: .*kernel `fill<float>`
//the reference argument `p` refers to one object
// A template kernel taking its buffer as `T *const &` (a generic
// "pass everything by const reference" wrapper): the reference is to one
// pointer the host passed, so it is the buffer `*p`; fill<float> verifies
// and the halved index of fillPairs races.
#include <cuda_runtime.h>

template <class T> __global__ void fill(T *const &p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = T(1);
}
template __global__ void fill<float>(float *const &, int);

__global__ void fillPairs(float *const &p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i / 2] = (float)i;
}
