//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible write-write race on out\[
//assertion might not hold
#include <cuda_runtime.h>
#include <cassert>
// The twins: integer intrinsics are exact, so a wrong expectation fails and
// an index that is the same for two threads races.
__global__ void popc_slot(unsigned *out)
{
    if (threadIdx.x < 2) out[__popc(3u) + __vsadu4(0x01u, 0x02u)] = threadIdx.x;
}
__global__ void wrong_byte_perm(const unsigned *in, unsigned *out)
{
    assert(__byte_perm(0x33221100u, 0x77665544u, 0x5410u) == 0x11005544u);
    out[threadIdx.x] = __vadd4(in[threadIdx.x], 0x01010101u);
}
