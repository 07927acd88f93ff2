//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible write-write race on (a|b)\[
// pointer_select_shared_uniform.cu writing through the selected pointer:
// every thread writes element 0 of the buffer it picked.
#include <cuda_runtime.h>

__global__ void pingpong_first(float *a, float *b, int iter) {
    __shared__ float *dst[64];
    int t = threadIdx.x;
    dst[t] = (iter & 1) ? a : b;
    __syncthreads();
    dst[t][0] = (float)(blockIdx.x * blockDim.x + t);
}
