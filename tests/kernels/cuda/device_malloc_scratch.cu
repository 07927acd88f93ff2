//pass
//--blockDim=64 --gridDim=4
// Per-thread scratch buffers from the device heap (malloc/free and
// new[]/delete[]): each thread's block is its own, so filling and reading
// it never races; the result goes to the thread's own output element.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

__device__ float moving_sum(const float *in, int i, int window, int n) {
    float *win = (float *)malloc(window * sizeof(float));
    for (int k = 0; k < window; k++)
        win[k] = (i + k < n) ? in[i + k] : 0.0f;
    float s = 0.0f;
    for (int k = 0; k < window; k++)
        s += win[k];
    free(win);
    return s;
}

__global__ void smooth(float *out, const float *in, int n, int window) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int *hist = new int[4];
    for (int b = 0; b < 4; b++)
        hist[b] = 0;
    hist[i & 3] += 1;
    out[i] = moving_sum(in, i, window, n) + hist[i & 3];
    delete[] hist;
}

int main() {
    cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20);
    float *d_in, *d_out;
    cudaMalloc(&d_in, 256 * sizeof(float));
    cudaMalloc(&d_out, 256 * sizeof(float));
    smooth<<<4, 64>>>(d_out, d_in, 256, 8);
    cudaDeviceSynchronize();
    printf("ok\n");
    return 0;
}
