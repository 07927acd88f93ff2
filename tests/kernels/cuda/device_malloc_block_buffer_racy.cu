//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible .*race on heap\[
// device_malloc_block_buffer.cu with the second barrier missing: a thread
// reads its neighbour's slot while the neighbour may still be writing it.
#include <cuda_runtime.h>
#include <cstdlib>

__global__ void block_buffer_early(int *out) {
    __shared__ int *buf;
    int t = threadIdx.x;
    if (t == 0)
        buf = (int *)malloc(blockDim.x * sizeof(int));
    __syncthreads();
    buf[t] = t * t;
    out[blockIdx.x * blockDim.x + t] = buf[(t + 1) % blockDim.x];
    __syncthreads();
    if (t == 0)
        free(buf);
}
