//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//possible write-write race on out\[
//possible write-atomic race on partial
#include <cuda_runtime.h>
#include <cuda_fp16.h>
// The twin: a ticket from a system-scope atomic indexes a plain write, but
// the return value is arbitrary (two threads may get tickets equal modulo
// 256), so the writes race; and a plain reset of a __shared__ partial sum
// races with the block-scope adds of the other threads (no barrier).
__global__ void ticket_write(unsigned long long *counter, double *acc, __half2 *h, int *out)
{
    unsigned long long slot = atomicAdd_system(counter, 1ull);
    atomicAdd(acc, 1.0);
    atomicAdd(h, __floats2half2_rn(1.0f, 1.0f));
    out[slot % 256] = threadIdx.x;
}
__global__ void reset_then_add(double *acc)
{
    __shared__ double partial;
    if (threadIdx.x == 0) partial = 0.0;
    atomicAdd_block(&partial, 1.0);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(acc, partial);
}
