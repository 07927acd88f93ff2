//pass
//--blockDim=128 --gridDim=8

#include <cuda_runtime.h>

// Block-strided loop over one block's segment of the data, with the
// stride passed in by the host (it launches with stride == blockDim.x and
// says so in a precondition).
__global__ void scale_segments(float *data, int segment, int stride, float k)
{
    __requires(stride == blockDim.x);
    __requires(segment >= 0 & segment <= 4096);
    float *mine = data + blockIdx.x * segment;
    for (int i = threadIdx.x; i < segment; i += stride)
        mine[i] = mine[i] * k;
}

int main()
{
    float *d;
    int segment = 4096;
    cudaMalloc(&d, 8 * segment * sizeof(float));
    scale_segments<<<8, 128>>>(d, segment, 128, 2.0f);
    return 0;
}
