//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//race on sum
// Racy twin of block_scope_atomic_shared.cu: thread 0 reads the shared sum
// without the barrier after the block-scoped atomics.
#include <cuda_runtime.h>

__global__ void blockStats(const int *in, int *sums)
{
    __shared__ int sum;
    if (threadIdx.x == 0) sum = 0;
    __syncthreads();
    atomicAdd_block(&sum, in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (threadIdx.x == 0)
        sums[blockIdx.x] = sum;
}

int main()
{
    int *in, *sums;
    cudaMalloc(&in, 256 * sizeof(int));
    cudaMalloc(&sums, 4 * sizeof(int));
    blockStats<<<4, 64>>>(in, sums);
    return 0;
}
