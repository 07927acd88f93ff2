//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//assertion might not hold
// A device assert (from <assert.h>) is checked like __assert: here it
// fails for an n the host could pass.
#include <assert.h>
#include <stdio.h>

__global__ void checked_copy(int *dst, const int *src, int n) {
  assert(n > 0);
  if (threadIdx.x < n)
    dst[threadIdx.x] = src[threadIdx.x];
}
