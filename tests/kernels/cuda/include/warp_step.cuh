// Warp-level helpers shared by the syncwarp_helper_* kernels.
#pragma once

__device__ inline void warp_accumulate(float *sm, int t, int s, bool active) {
    if (active)
        sm[t] += sm[t + s];
    __syncwarp();
}
