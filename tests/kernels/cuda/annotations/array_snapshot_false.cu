//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
//array_snapshot_false.cu:18:3: error: this assertion might not hold
// The assertion claims the shared buffer is unchanged since the snapshot,
// but each thread scaled its element.
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
  __assert(buf[t] == old[t]);
  __syncthreads();
  data[g] = buf[(t + 1) % N];
}

template __global__ void scale<128>(unsigned *, unsigned);
