//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible .*race on tile
// A function without a body gets a pointer into shared memory: it may
// read and write any element, so it races with the other threads' calls.
#include <cuda_runtime.h>

extern __device__ void normalise(float *v);

__global__ void normalise_tile(float *data) {
  __shared__ float tile[64];
  tile[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  normalise(&tile[threadIdx.x]);
  __syncthreads();
  data[threadIdx.x] = tile[threadIdx.x];
}
