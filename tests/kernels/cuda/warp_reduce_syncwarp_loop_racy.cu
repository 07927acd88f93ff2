//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,4] --gridDim=8
//possible .*race on sm\[
// warp_reduce_syncwarp_loop.cu with `lane <= s`: lane 16 adds sm[t + 16],
// the first element of the next warp's slice, which that warp is
// reducing at the same time (__syncwarp does not order two warps).
#include <cuda_runtime.h>

#define WARPS_PER_BLOCK 4

__global__ void warp_sums_overreach(float *out, const float *in, int n) {
    __shared__ float sm[WARPS_PER_BLOCK * 32 + 32];
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int lane = t & 31;
    int gid = blockIdx.x * (blockDim.x * blockDim.y) + t;
    sm[t] = gid < n ? in[gid] : 0.0f;
    __syncwarp();
    for (int s = 16; s > 0; s >>= 1) {
        if (lane <= s)
            sm[t] += sm[t + s];
        __syncwarp();
    }
    if (lane == 0)
        out[blockIdx.x * WARPS_PER_BLOCK + t / 32] = sm[t];
}
