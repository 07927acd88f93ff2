//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//warp_step\.cuh:7:5: error: barrier may be reached by non-uniform control flow
// The __syncwarp of a helper header reached by the lower half of each warp
// only: the report locates the __syncwarp in the header (its line, not the
// one before it, and the header's name, not the kernel file's).
#include <cuda_runtime.h>
#include "include/warp_step.cuh"

__global__ void half_warp_step(float *out, const float *in) {
    __shared__ float sm[96];
    int t = threadIdx.x;
    sm[t] = in[blockIdx.x * blockDim.x + t];
    if (t < 32)
        sm[t + 64] = 0.0f;
    __syncthreads();
    if ((t & 31) < 16)
        warp_accumulate(sm, t, 16, true);
    out[blockIdx.x * blockDim.x + t] = sm[t];
}
