//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
//possible .*race on data\[
// complex_butterfly.cu with the butterfly groups laid out one `half` apart
// instead of two: neighbouring groups overlap.
#include <cuComplex.h>
#include <cuda_runtime.h>

__global__ void fft_stage_overlap(cuFloatComplex *data, int log_half) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    int half = 1 << log_half;
    int group = k >> log_half;
    int j = k & (half - 1);
    int top = (group << log_half) + j;
    int bottom = top + half;
    cuFloatComplex a = data[top];
    cuFloatComplex b = data[bottom];
    data[top] = cuCaddf(a, b);
    data[bottom] = cuCsubf(a, b);
}
