//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible .*race on sm\[
// The warp reduction without the __syncwarp in the loop: since Volta the
// lanes of a warp are not in lock step, so lane 0 may read sm[t + 8]
// before lane 8 has added into it.
#include <cuda_runtime.h>

__global__ void warp_sums_unsynced(float *out, const float *in) {
    __shared__ float sm[64];
    int t = threadIdx.x;
    int lane = t & 31;
    sm[t] = in[blockIdx.x * blockDim.x + t];
    __syncwarp();
    for (int s = 16; s > 0; s >>= 1) {
        if (lane < s)
            sm[t] += sm[t + s];
    }
    if (lane == 0)
        out[blockIdx.x * 2 + t / 32] = sm[t];
}
