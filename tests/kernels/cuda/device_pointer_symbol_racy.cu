//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible write-write race on \*d_scratch\[
// A scratch buffer the host allocates and publishes with
// cudaMemcpyToSymbol; two threads write one of its cells.
#include <cuda_runtime.h>
#include <cstdio>

__device__ float *d_scratch;

__global__ void fill_halves(int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d_scratch[i / 2] = (float)i;
}

int main() {
    float *buf;
    cudaMalloc(&buf, 256 * sizeof(float));
    cudaMemcpyToSymbol(d_scratch, &buf, sizeof(buf));
    fill_halves<<<4, 64>>>(256);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
