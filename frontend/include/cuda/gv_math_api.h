/* gpuverify: the rest of the CUDA Math API (after gv_device_library.h),
 * written from the CUDA Math API reference: the directed-rounding
 * intrinsics, norms, Bessel functions, the double forms the host <math.h>
 * would otherwise shadow, and the SIMD (video) integer intrinsics.
 *
 * How the verifier sees these (SOUNDNESS.md, "Undefined functions"):
 * floating-point functions are declared `const` (an uninterpreted
 * function of their arguments, no memory effect); the SIMD intrinsics
 * whose per-lane meaning is plain arithmetic are written out and exact,
 * the others are `const` declarations too.
 */
#ifndef GPUVERIFY_CUDA_MATH_API_H
#define GPUVERIFY_CUDA_MATH_API_H

#define __GV_MC extern "C" __device__ __attribute__((const))

/* ---- Directed rounding: every mode of every intrinsic. ---- */
#define __GV_RND_F2(NAME)                                                     \
  __GV_MC float NAME##_rd(float, float); __GV_MC float NAME##_ru(float, float);
#define __GV_RND_D2(NAME)                                                     \
  __GV_MC double NAME##_rd(double, double); __GV_MC double NAME##_ru(double, double); \
  __GV_MC double NAME##_rz(double, double);
__GV_RND_F2(__fdiv) __GV_RND_F2(__fsub)
__GV_RND_D2(__dadd) __GV_RND_D2(__dsub) __GV_RND_D2(__dmul) __GV_RND_D2(__ddiv)
#undef __GV_RND_F2
#undef __GV_RND_D2
__GV_MC float __fsub_rz(float, float);
__GV_MC float __frcp_rd(float); __GV_MC float __frcp_ru(float);
__GV_MC float __fsqrt_rd(float); __GV_MC float __fsqrt_ru(float);
__GV_MC float __fmaf_rd(float, float, float); __GV_MC float __fmaf_ru(float, float, float);
__GV_MC float __fmaf_ieee_rn(float, float, float); __GV_MC float __fmaf_ieee_rz(float, float, float);
__GV_MC float __fmaf_ieee_rd(float, float, float); __GV_MC float __fmaf_ieee_ru(float, float, float);
__GV_MC double __drcp_rd(double); __GV_MC double __drcp_ru(double); __GV_MC double __drcp_rz(double);
__GV_MC double __dsqrt_rd(double); __GV_MC double __dsqrt_ru(double); __GV_MC double __dsqrt_rz(double);
__GV_MC double __fma_rd(double, double, double); __GV_MC double __fma_ru(double, double, double);
__GV_MC double __fma_rz(double, double, double);
__GV_MC double __ull2double_rn(unsigned long long); __GV_MC double __ull2double_rz(unsigned long long);
__GV_MC double __ull2double_rd(unsigned long long); __GV_MC double __ull2double_ru(unsigned long long);
__GV_MC float __ull2float_rn(unsigned long long); __GV_MC float __ull2float_rz(unsigned long long);
__GV_MC float __ull2float_rd(unsigned long long); __GV_MC float __ull2float_ru(unsigned long long);
__GV_MC unsigned long long __double2ull_rn(double); __GV_MC unsigned long long __double2ull_rz(double);
__GV_MC unsigned long long __double2ull_rd(double); __GV_MC unsigned long long __double2ull_ru(double);
__GV_MC float __ll2float_rz(long long);

/* ---- Norms, reciprocal norms, Bessel functions, scaled complements. ---- */
__GV_MC float rhypotf(float, float); __GV_MC double rhypot(double, double);
__GV_MC float norm3df(float, float, float); __GV_MC double norm3d(double, double, double);
__GV_MC float rnorm3df(float, float, float); __GV_MC double rnorm3d(double, double, double);
__GV_MC float norm4df(float, float, float, float);
__GV_MC double norm4d(double, double, double, double);
__GV_MC float rnorm4df(float, float, float, float);
__GV_MC double rnorm4d(double, double, double, double);
/* normf/rnormf read the `dim` elements `p` points to. */
extern "C" __device__ __attribute__((pure)) float normf(int dim, const float *p);
extern "C" __device__ __attribute__((pure)) double norm(int dim, const double *p);
extern "C" __device__ __attribute__((pure)) float rnormf(int dim, const float *p);
extern "C" __device__ __attribute__((pure)) double rnorm(int dim, const double *p);
__GV_MC float cyl_bessel_i0f(float); __GV_MC double cyl_bessel_i0(double);
__GV_MC float cyl_bessel_i1f(float); __GV_MC double cyl_bessel_i1(double);
__GV_MC double erfcx(double);
__GV_MC float jnf(int, float); __GV_MC float ynf(int, float);
__GV_MC double jn(int, double); __GV_MC double yn(int, double);
__GV_MC double j0(double); __GV_MC double j1(double);
__GV_MC double y0(double); __GV_MC double y1(double);
__GV_MC float scalblnf(float, long); __GV_MC double scalbln(double, long);
__GV_MC int ilogb(double);
__GV_MC long lrint(double); __GV_MC long lround(double);
__GV_MC int __isnan(double); __GV_MC int __isinf(double);
__GV_MC int __finite(double); __GV_MC int __signbit(double);
extern "C" __device__ double remquo(double x, double y, int *q);
extern "C" __device__ void sincospi(double x, double *s, double *c);

/* ---- SIMD (video) intrinsics over 2 halfwords or 4 bytes. ----
 * Written out lane by lane (exact) where the lane result is plain
 * arithmetic; `sa`/`sb` are a lane's signed values, `ua`/`ub` unsigned. */
/* Lanes are written out (no loop: a loop would be abstracted, and the
 * result no longer exact). */
#define __GV_SIMD_LANE(BITS, EXPR, I)                                         \
  {                                                                           \
    const unsigned int MASK = (1u << BITS) - 1u;                              \
    const int SMAX = (int)(MASK >> 1), SMIN = -SMAX - 1;                      \
    unsigned int ua = (x >> (I)) & MASK, ub = (y >> (I)) & MASK;              \
    int sa = (int)(ua << (32 - BITS)) >> (32 - BITS);                         \
    int sb = (int)(ub << (32 - BITS)) >> (32 - BITS);                         \
    (void)sa; (void)sb; (void)SMAX; (void)SMIN; (void)ua; (void)ub;           \
    long long v = (EXPR);                                                     \
    r |= ((unsigned int)v & MASK) << (I);                                     \
  }
#define __GV_SIMD_LANES(FN, BITS, EXPR)                                       \
  __GV_INLINE unsigned int FN(unsigned int x, unsigned int y) {               \
    unsigned int r = 0;                                                       \
    __GV_SIMD_LANE(BITS, EXPR, 0)                                             \
    if (BITS == 8) __GV_SIMD_LANE(BITS, EXPR, 8)                              \
    __GV_SIMD_LANE(BITS, EXPR, 16)                                            \
    if (BITS == 8) __GV_SIMD_LANE(BITS, EXPR, 24)                             \
    return r; }
#define __GV_SIMD(NAME, EXPR)                                                 \
  __GV_SIMD_LANES(NAME##2, 16, EXPR) __GV_SIMD_LANES(NAME##4, 8, EXPR)
#define __GV_CLAMP(V) ((V) > SMAX ? SMAX : (V) < SMIN ? SMIN : (V))
__GV_SIMD(__vadd, ua + ub)
__GV_SIMD(__vsub, ua - ub)
__GV_SIMD(__vaddss, __GV_CLAMP(sa + sb))
__GV_SIMD(__vsubss, __GV_CLAMP(sa - sb))
__GV_SIMD(__vaddus, ua + ub > MASK ? MASK : ua + ub)
__GV_SIMD(__vsubus, ua > ub ? ua - ub : 0u)
__GV_SIMD(__vhaddu, (ua + ub) >> 1)
__GV_SIMD(__vavgu, (ua + ub + 1) >> 1)
__GV_SIMD(__vabsdiffs, sa > sb ? sa - sb : sb - sa)
__GV_SIMD(__vabsdiffu, ua > ub ? ua - ub : ub - ua)
__GV_SIMD(__vmaxs, sa > sb ? sa : sb)
__GV_SIMD(__vmaxu, ua > ub ? ua : ub)
__GV_SIMD(__vmins, sa < sb ? sa : sb)
__GV_SIMD(__vminu, ua < ub ? ua : ub)
__GV_SIMD(__vcmpeq, ua == ub ? MASK : 0u)
__GV_SIMD(__vcmpne, ua != ub ? MASK : 0u)
__GV_SIMD(__vcmpges, sa >= sb ? MASK : 0u)
__GV_SIMD(__vcmpgeu, ua >= ub ? MASK : 0u)
__GV_SIMD(__vcmpgts, sa > sb ? MASK : 0u)
__GV_SIMD(__vcmpgtu, ua > ub ? MASK : 0u)
__GV_SIMD(__vcmples, sa <= sb ? MASK : 0u)
__GV_SIMD(__vcmpleu, ua <= ub ? MASK : 0u)
__GV_SIMD(__vcmplts, sa < sb ? MASK : 0u)
__GV_SIMD(__vcmpltu, ua < ub ? MASK : 0u)
__GV_SIMD(__vseteq, ua == ub)
__GV_SIMD(__vsetne, ua != ub)
__GV_SIMD(__vsetges, sa >= sb)
__GV_SIMD(__vsetgeu, ua >= ub)
__GV_SIMD(__vsetgts, sa > sb)
__GV_SIMD(__vsetgtu, ua > ub)
__GV_SIMD(__vsetles, sa <= sb)
__GV_SIMD(__vsetleu, ua <= ub)
__GV_SIMD(__vsetlts, sa < sb)
__GV_SIMD(__vsetltu, ua < ub)
/* One-operand forms: the second operand is unused. */
__GV_SIMD_LANES(__gv_vabs2, 16, sa < 0 ? -sa : sa)
__GV_SIMD_LANES(__gv_vabs4, 8, sa < 0 ? -sa : sa)
__GV_SIMD_LANES(__gv_vabsss2, 16, __GV_CLAMP(sa < 0 ? -sa : sa))
__GV_SIMD_LANES(__gv_vabsss4, 8, __GV_CLAMP(sa < 0 ? -sa : sa))
__GV_SIMD_LANES(__gv_vneg2, 16, -sa)
__GV_SIMD_LANES(__gv_vneg4, 8, -sa)
__GV_SIMD_LANES(__gv_vnegss2, 16, __GV_CLAMP(-sa))
__GV_SIMD_LANES(__gv_vnegss4, 8, __GV_CLAMP(-sa))
__GV_INLINE unsigned int __vabs2(unsigned int x) { return __gv_vabs2(x, 0); }
__GV_INLINE unsigned int __vabs4(unsigned int x) { return __gv_vabs4(x, 0); }
__GV_INLINE unsigned int __vabsss2(unsigned int x) { return __gv_vabsss2(x, 0); }
__GV_INLINE unsigned int __vabsss4(unsigned int x) { return __gv_vabsss4(x, 0); }
__GV_INLINE unsigned int __vneg2(unsigned int x) { return __gv_vneg2(x, 0); }
__GV_INLINE unsigned int __vneg4(unsigned int x) { return __gv_vneg4(x, 0); }
__GV_INLINE unsigned int __vnegss2(unsigned int x) { return __gv_vnegss2(x, 0); }
__GV_INLINE unsigned int __vnegss4(unsigned int x) { return __gv_vnegss4(x, 0); }
/* Sums of absolute differences: one unsigned total. */
__GV_INLINE unsigned int __vsadu2(unsigned int x, unsigned int y) {
  unsigned int d = __vabsdiffu2(x, y); return (d & 0xffffu) + (d >> 16); }
__GV_INLINE unsigned int __vsads2(unsigned int x, unsigned int y) {
  unsigned int d = __vabsdiffs2(x, y); return (d & 0xffffu) + (d >> 16); }
__GV_INLINE unsigned int __vsadu4(unsigned int x, unsigned int y) {
  unsigned int d = __vabsdiffu4(x, y);
  return (d & 0xffu) + ((d >> 8) & 0xffu) + ((d >> 16) & 0xffu) + (d >> 24); }
__GV_INLINE unsigned int __vsads4(unsigned int x, unsigned int y) {
  unsigned int d = __vabsdiffs4(x, y);
  return (d & 0xffu) + ((d >> 8) & 0xffu) + ((d >> 16) & 0xffu) + (d >> 24); }
/* Signed rounded averages (rounding of negative halves): uninterpreted. */
__GV_MC unsigned int __vavgs2(unsigned int, unsigned int);
__GV_MC unsigned int __vavgs4(unsigned int, unsigned int);
#undef __GV_CLAMP
#undef __GV_SIMD
#undef __GV_SIMD_LANES
#undef __GV_SIMD_LANE

/* ---- Dot products of packed lanes (exact) and the n-th set bit. ---- */
__GV_INLINE int __dp2a_lo(int a, int b, int c) {
  return c + (int)(short)a * (int)(signed char)b + (int)(short)(a >> 16) * (int)(signed char)(b >> 8); }
__GV_INLINE int __dp2a_hi(int a, int b, int c) {
  return c + (int)(short)a * (int)(signed char)(b >> 16) +
         (int)(short)(a >> 16) * (int)(signed char)(b >> 24); }
__GV_MC unsigned int __fns(unsigned int mask, unsigned int base, int offset);

#undef __GV_MC
#endif
