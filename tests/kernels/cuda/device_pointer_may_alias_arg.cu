//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible .*race on in\[
// The host may have stored any buffer's address in d_out, the kernel's
// argument `in` included: writing through d_out while reading in[i + 1] is
// a race when they are the same buffer (the verifier does not assume host
// pointers distinct from the arguments; SOUNDNESS.md).
#include <cuda_runtime.h>

__device__ float *d_out;

__global__ void shift_left(const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        d_out[i] = in[i + 1];
}
