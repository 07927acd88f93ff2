//pass
//--blockDim=64 --gridDim=2 --warp-sync=32
// Warp matching: a lane is always in its own matched mask (so the elected
// leader is at or below it), the mask lies in the member mask, and two
// lanes that hold one key compute one mask (so a test on the whole mask is
// warp-uniform and may guard a __syncwarp).
#include <cuda_runtime.h>
#include <cassert>

#define WARPS_PER_BLOCK 2

__global__ void first_lane_per_key(int *first_lane, const int *keys) {
    int t = threadIdx.x;
    int lane = t & 31;
    int warp = blockIdx.x * WARPS_PER_BLOCK + t / 32;
    int key = keys[blockIdx.x * blockDim.x + t] & 31;
    unsigned peers = __match_any_sync(0xffffffffu, key);
    assert(peers & (1u << lane));
    int leader = __ffs(peers) - 1;
    assert(leader <= lane);
    if (lane == leader)
        first_lane[warp * 32 + key] = lane;
    if (peers == 0xffffffffu)
        __syncwarp();
}

__global__ void uniform_keys(int *flags, const float *keys) {
    int t = threadIdx.x;
    int warp = blockIdx.x * WARPS_PER_BLOCK + t / 32;
    int all_same;
    unsigned m = __match_all_sync(0xffffffffu, keys[blockIdx.x * blockDim.x + t], &all_same);
    assert(m == 0u || m == 0xffffffffu);
    if (all_same)
        __syncwarp();
    if ((t & 31) == 0)
        flags[warp] = all_same ? (int)m : 0;
}
