//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//possible write-write race on fo\[
#include <cuda_runtime.h>
// The twin: a float result is uninterpreted, so an index computed from it
// may collide between threads (norm3df of different inputs may be equal).
__global__ void norm_bucket(const float *x, float *fo)
{
    int t = threadIdx.x;
    float n = norm3df(x[t], x[t + 1], x[t + 2]) + rhypotf(x[t], 1.0f);
    fo[(unsigned)__float2uint_rz(n) % 32u] = n;
}
