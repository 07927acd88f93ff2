//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//possible .*race on heap\[
// Each thread publishes its heap block in a global table and, without any
// synchronisation, reads its neighbour's block while the neighbour fills it.
#include <cuda_runtime.h>

#define THREADS 128

__device__ int *d_blocks[THREADS];

__global__ void peek_neighbour(int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int *mine = (int *)malloc(4 * sizeof(int));
    d_blocks[i] = mine;
    mine[0] = i;
    int *next = d_blocks[(i + 1) % THREADS];
    out[i] = next[0];
}
