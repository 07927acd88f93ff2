//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
//race on data

#include <cuda_runtime.h>

// The block-strided loop with a precondition that allows a stride of half
// the block: threads t and t + stride of a block then meet.
__global__ void scale_segments(float *data, int segment, int stride, float k)
{
    __requires(stride == blockDim.x / 2);
    __requires(segment >= 0 & segment <= 4096);
    float *mine = data + blockIdx.x * segment;
    for (int i = threadIdx.x; i < segment; i += stride)
        mine[i] = mine[i] * k;
}
