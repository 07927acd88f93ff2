//pass
//--blockDim=128 --gridDim=8
// A ghost snapshot of a shared buffer: after each thread scales its own
// element, the assertion compares it with the snapshot.
#include <cuda_runtime.h>

template <int N>
__global__ void scale(unsigned *data, unsigned factor) {
  __shared__ unsigned buf[N];
  unsigned old[N];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * N + t;
  buf[t] = data[g];
  __syncthreads();
  __array_snapshot(old, buf);
  buf[t] = buf[t] * factor;
  __assert(buf[t] == old[t] * factor);
  __syncthreads();
  data[g] = buf[(t + 1) % N];
}

template __global__ void scale<128>(unsigned *, unsigned);
