//pass
//--blockDim=[32,4] --gridDim=8
// Per-warp tree reduction in shared memory ordered by __syncwarp (the
// Volta-safe form of the classic warp-synchronous reduction): each warp
// reduces its own 32-element slice.
#include <cuda_runtime.h>
#include <device_launch_parameters.h>

#define WARPS_PER_BLOCK 4

__global__ void warp_sums(float *out, const float *in, int n) {
    __shared__ float sm[WARPS_PER_BLOCK * 32];
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int lane = t & 31;
    int gid = blockIdx.x * (blockDim.x * blockDim.y) + t;
    sm[t] = gid < n ? in[gid] : 0.0f;
    __syncwarp();
    for (int s = 16; s > 0; s >>= 1) {
        if (lane < s)
            sm[t] += sm[t + s];
        __syncwarp();
    }
    if (lane == 0)
        out[blockIdx.x * WARPS_PER_BLOCK + t / 32] = sm[t];
}

int main() {
    float *d_in, *d_out;
    cudaMalloc(&d_in, 1024 * sizeof(float));
    cudaMalloc(&d_out, 32 * sizeof(float));
    warp_sums<<<8, dim3(32, WARPS_PER_BLOCK)>>>(d_out, d_in, 1024);
    return 0;
}
