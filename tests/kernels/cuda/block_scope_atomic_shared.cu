//pass
//--blockDim=64 --gridDim=4
// Block-scoped atomics on __shared__ memory: only the block reaches it, so
// atomicAdd_block / atomicMax_block / atomicCAS_block are the block's
// atomics; the per-block result is written by thread 0 after a barrier.
#include <cuda_runtime.h>

__global__ void blockStats(const int *in, int *sums, int *maxima, int *claimed)
{
    __shared__ int sum, best, owner;
    if (threadIdx.x == 0) { sum = 0; best = 0; owner = -1; }
    __syncthreads();
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    atomicAdd_block(&sum, v);
    atomicMax_block(&best, v);
    atomicCAS_block(&owner, -1, (int)threadIdx.x);
    __syncthreads();
    if (threadIdx.x == 0) {
        sums[blockIdx.x] = sum;
        maxima[blockIdx.x] = best;
        claimed[blockIdx.x] = owner;
    }
}

int main()
{
    int *in, *sums, *maxima, *claimed;
    cudaMalloc(&in, 256 * sizeof(int));
    cudaMalloc(&sums, 4 * sizeof(int));
    cudaMalloc(&maxima, 4 * sizeof(int));
    cudaMalloc(&claimed, 4 * sizeof(int));
    blockStats<<<4, 64>>>(in, sums, maxima, claimed);
    return 0;
}
