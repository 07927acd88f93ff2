//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32 --no-infer
//possible (write-read|read-write) race on sdata
// reduction.cu reading the partner at tid + s - 1: neighbours' rounds
// overlap. The invariants still hold; the race is in the loop body.
#include <cuda_runtime.h>

template <unsigned BLOCK>
__global__ void reduce(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (unsigned s = BLOCK / 2;
       __invariant(__implies(s != 0, __is_pow2(s))),
       __invariant(s <= BLOCK / 2),
       __invariant(__no_read(sdata)),
       __invariant(__no_write(sdata)),
       __invariant(__no_write(out)),
       s > 0;
       s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s - 1];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

template __global__ void reduce<256>(const float *, float *);
