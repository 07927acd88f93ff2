//pass
//--blockDim=64 --gridDim=4
// Device-side memcpy/memset from <string.h>, as SDK code calls them: a
// block stages a row in shared memory, one thread copies it out, and every
// thread clears its own slot of a scratch buffer (the result of memcpy is
// the destination, used as such).
#include <cuda_runtime.h>
#include <string.h>

#define ROW 64

__global__ void stage_and_copy(float *out, const float *in, int *scratch)
{
    __shared__ float tile[ROW];
    int t = threadIdx.x;
    tile[t] = in[blockIdx.x * ROW + t];
    __syncthreads();
    if (t == 0) {
        float *dst = (float *)memcpy(out + blockIdx.x * ROW, tile, ROW * sizeof(float));
        dst[0] = tile[0] * 2.0f;
    }
    memset(scratch + blockIdx.x * ROW + t, 0, sizeof(int));
}

// Thread 0 clears the block's histogram with memset before everyone counts.
__global__ void histogram64(const int *in, int *out)
{
    __shared__ int h[64];
    int t = threadIdx.x;
    if (t == 0)
        memset(h, 0, sizeof(h));
    __syncthreads();
    atomicAdd(&h[in[blockIdx.x * ROW + t] & 63], 1);
    __syncthreads();
    out[blockIdx.x * ROW + t] = h[t];
}

int main()
{
    float *d_in, *d_out;
    int *d_scratch;
    cudaMalloc(&d_in, 4 * ROW * sizeof(float));
    cudaMalloc(&d_out, 4 * ROW * sizeof(float));
    cudaMalloc(&d_scratch, 4 * ROW * sizeof(int));
    stage_and_copy<<<4, ROW>>>(d_out, d_in, d_scratch);
    cudaDeviceSynchronize();
    return 0;
}
