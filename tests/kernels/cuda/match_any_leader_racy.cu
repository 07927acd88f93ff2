//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2 --warp-sync=32
//assertion might not hold
//barrier may be reached by non-uniform control flow
// Wrong beliefs about warp matching: that a lane's key is unique in its
// warp (the mask is just its own bit), and that lane 0's group is the whole
// warp (a __syncwarp guarded by lane 0's bit is reached by some lanes only).
#include <cuda_runtime.h>
#include <cassert>

__global__ void unique_keys(int *out, const int *keys) {
    int t = threadIdx.x;
    int lane = t & 31;
    int key = keys[blockIdx.x * blockDim.x + t] & 31;
    unsigned peers = __match_any_sync(0xffffffffu, key);
    assert(peers == (1u << lane));
    out[blockIdx.x * blockDim.x + t] = key;
}

__global__ void lane0_group_syncs(int *out, const int *keys) {
    int t = threadIdx.x;
    int key = keys[blockIdx.x * blockDim.x + t] & 31;
    unsigned peers = __match_any_sync(0xffffffffu, key);
    if (peers & 1u)
        __syncwarp();
    out[blockIdx.x * blockDim.x + t] = key;
}
