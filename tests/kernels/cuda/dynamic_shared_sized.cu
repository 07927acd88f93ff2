//pass
//--blockDim=128 --gridDim=2 --dynamic-shared-bytes=512 --check-array-bounds
#include <cuda_runtime.h>
// Dynamic shared memory sized by the launch (<<<g, b, bytes>>>): with
// --dynamic-shared-bytes the extern __shared__ arrays have that size and
// --check-array-bounds proves every access inside it.
template <class T>
struct SharedMemory {
    __device__ inline operator T *() { extern __shared__ int __smem[]; return (T *)__smem; }
};
__global__ void reverse_dyn(int *d, int n)
{
    extern __shared__ int s[];
    int t = threadIdx.x, tr = blockDim.x - t - 1; n = blockDim.x;
    s[t] = d[t + blockIdx.x * n];
    __syncthreads();
    d[t + blockIdx.x * n] = s[tr];
}
template <class T>
__global__ void reduce(T *g, T *o)
{
    T *sdata = SharedMemory<T>();
    unsigned tid = threadIdx.x;
    sdata[tid] = g[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) o[blockIdx.x] = sdata[0];
}
int main() {
    int *d; cudaMalloc(&d, 256 * 4);
    reverse_dyn<<<2, 128, 128 * sizeof(int)>>>(d, 128);
    reduce<float><<<2, 128, 128 * sizeof(float)>>>((float *)d, (float *)d);
    return 0;
}
