//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible .*race on \*bufs\[
// An SoA descriptor passed by pointer. The host wrote the two pointers; the
// verifier cannot tell that they name distinct buffers, so the write through
// one and the read through the other may overlap (a race if they do).
#include <cuda_runtime.h>

struct Bufs {
    float *x;
    float *y;
};

__global__ void axpy_desc(const Bufs *bufs, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        bufs->y[i] = a * bufs->x[i] + bufs->y[i];
}

int main() {
    Bufs h, *d;
    cudaMalloc(&h.x, 256 * sizeof(float));
    cudaMalloc(&h.y, 256 * sizeof(float));
    cudaMalloc(&d, sizeof(Bufs));
    cudaMemcpy(d, &h, sizeof(Bufs), cudaMemcpyHostToDevice);
    axpy_desc<<<4, 64>>>(d, 2.0f, 256);
    return 0;
}
