//pass
//--blockDim=64 --gridDim=2
// The header's warp_accumulate called by every lane in a warp-level tree
// reduction loop.
#include <cuda_runtime.h>
#include "include/warp_step.cuh"

__global__ void warp_tree(float *out, const float *in) {
    __shared__ float sm[96];
    int t = threadIdx.x;
    sm[t] = in[blockIdx.x * blockDim.x + t];
    if (t < 32)
        sm[t + 64] = 0.0f;
    __syncthreads();
    for (int s = 16; s > 0; s >>= 1) {
        warp_accumulate(sm, t, s, (t & 31) < s);
    }
    if ((t & 31) == 0)
        out[blockIdx.x * 2 + t / 32] = sm[t];
}
