//pass
//--blockDim=64 --gridDim=4
#include <cuda_runtime.h>
#include <cuda_fp16.h>
// Every atomic of the CUDA C++ Programming Guide on every type it takes
// (int, unsigned, unsigned long long, float, double, __half2, __half), with
// the _block and _system scopes: atomics never race with each other, and
// their return values are arbitrary (only stored to the thread's own slot).
// Block-scope atomics act on __shared__ counters: on memory other blocks
// reach they would race between blocks (the verifier refuses them there).


__global__ void every_atomic(int *ci, unsigned int *cu, unsigned long long *cull, float *cf, double *cd,
                             __half2 *ch2, __half *ch, int *out)
{
    __shared__ int si;
    __shared__ unsigned int su;
    __shared__ unsigned long long sull;
    __shared__ float sf;
    __shared__ __half2 sh2;
    int t = threadIdx.x;
    int r = 0;
    r += atomicAdd(ci, 1); r += atomicSub(ci, 1); r += atomicExch(ci, t);
    r += atomicMin(ci, t); r += atomicMax(ci, t); r += atomicCAS(ci, 0, t);
    r += atomicAnd(ci, 3); r += atomicOr(ci, 4); r += atomicXor(ci, 5);
    r += atomicAdd(cu, 1u); r += atomicSub(cu, 1u); r += atomicExch(cu, 2u);
    r += atomicMin(cu, 3u); r += atomicMax(cu, 4u); r += atomicInc(cu, 100u);
    r += atomicDec(cu, 100u); r += atomicCAS(cu, 1u, 2u); r += atomicAnd(cu, 1u);
    r += atomicOr(cu, 1u); r += atomicXor(cu, 1u);
    r += (int)atomicAdd(cull, 1ull); r += (int)atomicExch(cull, 1ull);
    r += (int)atomicMin(cull, 1ull); r += (int)atomicMax(cull, 1ull);
    r += (int)atomicCAS(cull, 1ull, 2ull); r += (int)atomicAnd(cull, 1ull);
    r += (int)atomicOr(cull, 1ull); r += (int)atomicXor(cull, 1ull);
    r += (int)atomicAdd(cf, 1.0f); r += (int)atomicExch(cf, 1.0f);
    r += (int)atomicAdd(cd, 1.0);
    __half2 h2 = atomicAdd(ch2, __floats2half2_rn(1.0f, 2.0f));
    __half h = atomicAdd(ch, __float2half(1.0f));
    r += (int)__low2float(h2) + (int)__half2float(h);
    r += atomicAdd_block(&si, 1); r += atomicAdd_system(ci, 1);
    r += atomicSub_block(&si, 1); r += atomicSub_system(cu, 1u);
    r += atomicExch_block(&su, 1u); r += atomicExch_system(cull, 1ull);
    r += atomicMin_block(&si, 1); r += atomicMax_system(cull, 1ull);
    r += atomicInc_block(&su, 7u); r += atomicDec_system(cu, 7u);
    r += atomicCAS_block(&si, 1, 2); r += atomicCAS_system(cull, 1ull, 2ull);
    r += atomicAnd_block(&si, 1); r += atomicOr_system(cu, 1u); r += atomicXor_block(&sull, 1ull);
    r += (int)atomicAdd_block(&sf, 1.0f); r += (int)atomicAdd_system(cd, 1.0);
    __half2 h3 = atomicAdd_block(&sh2, h2);
    r += (int)__high2float(h3);
    out[blockIdx.x * blockDim.x + t] = r;
}

int main() {
    int *i, *out; unsigned *u; unsigned long long *ull; float *f; double *d; __half2 *h2; __half *h;
    cudaMalloc(&i, sizeof(int)); cudaMalloc(&u, sizeof(unsigned)); cudaMalloc(&ull, 8);
    cudaMalloc(&f, 4); cudaMalloc(&d, 8); cudaMalloc(&h2, 4); cudaMalloc(&h, 2);
    cudaMalloc(&out, 256 * sizeof(int));
    every_atomic<<<4, 64>>>(i, u, ull, f, d, h2, h, out);
    return 0;
}
