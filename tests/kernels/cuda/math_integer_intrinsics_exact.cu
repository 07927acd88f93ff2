//pass
//--blockDim=64 --gridDim=2
#include <cuda_runtime.h>
#include <cassert>
#include <math.h>
// Integer intrinsics are exact (the asserts are proved for every input);
// float functions, sincos with pointer outputs, rounding-mode intrinsics are
// uninterpreted or arbitrary.
__global__ void int_intrinsics(const unsigned *in, unsigned *out, float *fo, double *dout)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(__popc(0xF0F0u) == 8);
    assert(__popcll(0xFFull) == 8);
    assert(__clz(1) == 31);
    assert(__clz(0) == 32);
    assert(__clzll(1ll) == 63);
    assert(__ffs(8) == 4);
    assert(__ffs(0) == 0);
    assert(__ffsll(256ll) == 9);
    assert(__brev(1u) == 0x80000000u);
    assert(__byte_perm(0x33221100u, 0x77665544u, 0x5410u) == 0x55441100u);
    assert(__mul24(3, -4) == -12);
    assert(__umul24(0x1000001u, 5u) == 5u);
    assert(__mulhi(0x40000000, 8) == 2);
    assert(__umulhi(0x80000000u, 4u) == 2u);
    assert(__sad(3, 7, 1u) == 5u);
    assert(__usad(3u, 7u, 1u) == 5u);
    assert(__hadd(3, 4) == 3 && __rhadd(3, 4) == 4);
    assert(__funnelshift_l(0x80000000u, 1u, 1u) == 3u);
    assert(__dp4a(0x01010101, 0x02020202, 1) == 9);
    assert(__vadd4(0x01020304u, 0x010101ffu) == 0x02030403u);
    assert(__vsub2(0x00050001u, 0x00030002u) == 0x0002ffffu);
    assert(__vcmpeq2(0x00010002u, 0x00010003u) == 0xffff0000u);
    assert(__vsetgtu4(0x05000000u, 0x01000000u) == 0x01000000u);
    assert(__vaddus4(0xf0000000u, 0x20000000u) == 0xff000000u);
    assert(__vaddss2(0x7fff0000u, 0x00010000u) == 0x7fff0000u);
    assert(__vmaxs4(0xff000000u, 0x01000000u) == 0x01000000u);
    assert(__vabs2(0xffff0002u) == 0x00010002u);
    assert(__vsadu4(0x01020304u, 0x04030201u) == 8u);
    assert(__dp2a_lo(0x00020003, 0x00000405, 1) == 24);
    assert(min(3, 4) == 3 && max(3u, 4u) == 4u && abs(-3) == 3);
    unsigned x = in[i];
    out[i] = __popc(x) + __clz(x) + __ffs(x) + __brev(x) + __byte_perm(x, x, 0x0123);
    float s, c; sincosf((float)x, &s, &c);
    float s2, c2; __sincosf((float)x, &s2, &c2);
    double ds, dc; sincos((double)x, &ds, &dc);
    float q = __fdividef(s, 2.0f) + __saturatef(c) + rsqrtf(s2) + fmaf(c2, 2.0f, 1.0f) + __expf(s) + sqrtf(c)
            + erfcinvf(s) + normcdff(c) + exp10f(s) + __fsqrt_rn(c) + powf(s, 2.0f) + __powf(s, c) + log1pf(s)
            + sinpif(s) + cospif(c) + rcbrtf(s) + floorf(c) + copysignf(s, c) + fminf(s, c) + __frcp_rn(s) + norm3df(s, c, s);
    int e; float m = frexpf(q, &e);
    fo[i] = q + m + (float)e;
    dout[i] = ds + dc + rsqrt(ds) + erfinv(dc) + fma(ds, dc, 1.0) + __dadd_rn(ds, dc) + norm3d(ds, dc, ds);
}
