//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible write-write race on out\[
//possible write-atomic race on h\[
// Racy twin of string_h_memcpy_memset.cu: each thread copies two elements
// of the tile to out + t, so neighbouring threads overlap on out[t + 1]
// with different values.
#include <cuda_runtime.h>
#include <string.h>

#define ROW 64

__global__ void stage_and_copy(float *out, const float *in, int *scratch)
{
    __shared__ float tile[ROW + 1];
    int t = threadIdx.x;
    tile[t] = in[blockIdx.x * ROW + t];
    __syncthreads();
    memcpy(out + blockIdx.x * ROW + t, tile + t, 2 * sizeof(float));
    memset(scratch + blockIdx.x * ROW + t, 0, sizeof(int));
}

// Racy: the memset that clears the histogram is not followed by a barrier.
__global__ void histogram64(const int *in, int *out)
{
    __shared__ int h[64];
    int t = threadIdx.x;
    if (t == 0)
        memset(h, 0, sizeof(h));
    atomicAdd(&h[in[blockIdx.x * ROW + t] & 63], 1);
    __syncthreads();
    out[blockIdx.x * ROW + t] = h[t];
}
