//pass
//--blockDim=64 --gridDim=1
// One heap buffer per block: thread 0 allocates it and publishes it through
// shared memory; after the barrier every thread fills its own slot, reads
// its neighbour's after a second barrier, and thread 0 frees the buffer
// after a third.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void block_buffer(int *out) {
    __shared__ int *buf;
    int t = threadIdx.x;
    if (t == 0)
        buf = (int *)malloc(blockDim.x * sizeof(int));
    __syncthreads();
    buf[t] = t * t;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = buf[(t + 1) % blockDim.x];
    __syncthreads();
    if (t == 0)
        free(buf);
}
