//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[2,2]
//possible read-write race on __gpuverify_surface
#include <cuda_runtime.h>
// The twin: an in-place blur through a surface object reads the right
// neighbour's texel that the neighbour writes.
__global__ void blur_inplace(cudaSurfaceObject_t surf, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float l, r;
    surf2Dread(&l, surf, (x + 1) * sizeof(float), y);
    surf2Dread(&r, surf, x * sizeof(float), y);
    surf2Dwrite(0.5f * (l + r), surf, x * sizeof(float), y);
}
