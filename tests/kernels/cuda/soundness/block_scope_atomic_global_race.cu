//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=4
//unsupported: .*block-scoped atomic.*`totals`
// s10 review: atomicAdd_block is atomic only among the threads of one
// block. Every block adds into totals[0], so two blocks' read-modify-writes
// race (lost updates). Modelled as a device-scope atomic it verified; now
// refused on memory other blocks reach.
#include <cuda_runtime.h>

__global__ void blockTotals(const int *in, int *totals, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd_block(&totals[0], in[i]);
}

int main()
{
    int *in, *totals;
    cudaMalloc(&in, 256 * sizeof(int));
    cudaMalloc(&totals, sizeof(int));
    blockTotals<<<4, 64>>>(in, totals, 256);
    cudaDeviceSynchronize();
    return 0;
}
