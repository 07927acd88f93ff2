//pass
//--blockDim=128 --gridDim=8
// One radix-2 FFT stage on cuFloatComplex data (<cuComplex.h>): thread k
// combines elements k and k + half of its butterfly group in place. A
// NULL twiddle table means twiddles are computed on the fly.
#include <cuComplex.h>
#include <cuda_runtime.h>

__global__ void fft_stage(cuFloatComplex *data, const cuFloatComplex *twiddles, int log_half) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    int half = 1 << log_half;
    int group = k >> log_half;
    int j = k & (half - 1);
    int top = (group << (log_half + 1)) + j;
    int bottom = top + half;
    cuFloatComplex w = twiddles != NULL
                           ? twiddles[j]
                           : make_cuFloatComplex(cosf(-3.14159265f * j / half),
                                                 sinf(-3.14159265f * j / half));
    cuFloatComplex a = data[top];
    cuFloatComplex b = cuCmulf(w, data[bottom]);
    data[top] = cuCaddf(a, b);
    data[bottom] = cuCsubf(a, b);
}
