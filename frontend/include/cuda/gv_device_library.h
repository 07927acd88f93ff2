/* gpuverify: the rest of the CUDA device library (after gpuverify_cuda.h):
 * more atomics, warp primitives, cache-hint loads and stores, the integer
 * and floating-point intrinsics, texture and surface fetches. Written from
 * the CUDA C++ Programming Guide and the CUDA Math API reference.
 *
 * How the verifier sees these (SOUNDNESS.md):
 * - functions that are only declared here get the semantics of a function
 *   without a body: an arbitrary result, and reads/writes of what their
 *   pointer arguments reach (none for `const` declarations);
 * - warp primitives: see the section below; __syncwarp is a warp-level
 *   barrier (transform/src/warp.rs);
 * - a texture fetch returns an arbitrary value and accesses no memory
 *   (textures are read-only: their reads never race);
 * - a surface is memory: surfNDwrite/surfNDread access the array
 *   __gpuverify_surface at an index computed from the coordinates, so two
 *   threads writing one texel race (distinct texels may collide: false
 *   alarms, never missed races).
 */
#ifndef GPUVERIFY_CUDA_DEVICE_LIBRARY_H
#define GPUVERIFY_CUDA_DEVICE_LIBRARY_H

#define __GV_CONST extern "C" __device__ __attribute__((const))

/* An arbitrary value of type T: a call to a function without a body. */
template <class T> __device__ __attribute__((const)) T __gpuverify_arbitrary(void);

/* ---- Atomics: the remaining types and the _block/_system scopes. ---- */
__GV_INLINE unsigned long long atomicMin(unsigned long long *p, unsigned long long v) {
  return __nvvm_atom_min_gen_ull(p, v); }
__GV_INLINE unsigned long long atomicMax(unsigned long long *p, unsigned long long v) {
  return __nvvm_atom_max_gen_ull(p, v); }
__GV_INLINE long long atomicMin(long long *p, long long v) { return __nvvm_atom_min_gen_ll(p, v); }
__GV_INLINE long long atomicMax(long long *p, long long v) { return __nvvm_atom_max_gen_ll(p, v); }
__GV_INLINE unsigned long long atomicAnd(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_and_gen_ll((long long *)p, (long long)v); }
__GV_INLINE unsigned long long atomicOr(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_or_gen_ll((long long *)p, (long long)v); }
__GV_INLINE unsigned long long atomicXor(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_xor_gen_ll((long long *)p, (long long)v); }
__GV_INLINE unsigned long long atomicSub(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_add_gen_ll((long long *)p, -(long long)v); }
__GV_INLINE double atomicExch(double *p, double v) {
  return __builtin_bit_cast(double, __nvvm_atom_xchg_gen_ll((long long *)p,
                                                          __builtin_bit_cast(long long, v))); }
__GV_INLINE unsigned short atomicCAS(unsigned short *p, unsigned short c, unsigned short v) {
  __atomic_compare_exchange_n(p, &c, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return c; }
/* System scope: the device-scope read-modify-write (atomic with respect to
 * at least every thread of the launch). Block scope: atomic only within the
 * block; the marker lets the frontend accept it on __shared__ memory (only
 * the block reaches it) and refuse it on memory other blocks reach
 * (lower/warp.rs). */
extern "C" __device__ void __gpuverify_block_scope_atomic(const volatile void *p);
#define __GV_SCOPED(NAME, T)                                                  \
  __GV_INLINE T NAME##_block(T *p, T v) {                                     \
    __gpuverify_block_scope_atomic(p); return NAME(p, v); }                   \
  __GV_INLINE T NAME##_system(T *p, T v) { return NAME(p, v); }
#define __GV_SCOPED_INTS(NAME)                                                \
  __GV_SCOPED(NAME, int) __GV_SCOPED(NAME, unsigned int)                      \
  __GV_SCOPED(NAME, unsigned long long)
__GV_SCOPED_INTS(atomicAdd) __GV_SCOPED(atomicAdd, float) __GV_SCOPED(atomicAdd, double)
__GV_SCOPED_INTS(atomicExch) __GV_SCOPED(atomicExch, float)
__GV_SCOPED(atomicSub, int) __GV_SCOPED(atomicSub, unsigned int)
__GV_SCOPED_INTS(atomicMin) __GV_SCOPED_INTS(atomicMax)
__GV_SCOPED_INTS(atomicAnd) __GV_SCOPED_INTS(atomicOr) __GV_SCOPED_INTS(atomicXor)
__GV_SCOPED(atomicInc, unsigned int) __GV_SCOPED(atomicDec, unsigned int)
#define __GV_SCOPED_CAS(T)                                                    \
  __GV_INLINE T atomicCAS_block(T *p, T c, T v) {                             \
    __gpuverify_block_scope_atomic(p); return atomicCAS(p, c, v); }           \
  __GV_INLINE T atomicCAS_system(T *p, T c, T v) { return atomicCAS(p, c, v); }
__GV_SCOPED_CAS(int) __GV_SCOPED_CAS(unsigned int) __GV_SCOPED_CAS(unsigned long long)
#undef __GV_SCOPED
#undef __GV_SCOPED_INTS
#undef __GV_SCOPED_CAS

/* ---- Warp primitives (lower/warp.rs, transform/src/warp.rs). ----
 * A shuffle's result is exact where the two-thread view allows: its own
 * value when the source lane is out of range (the CUDA rules below), the
 * other thread's value when, with --warp-sync, the other thread is the
 * source lane of this warp; otherwise arbitrary. Votes agree between the
 * two threads of one warp (with --warp-sync) and are consistent with this
 * thread's predicate; reductions agree. */
extern "C" __device__ unsigned int __gpuverify_warp_lane(void);
extern "C" __device__ int __gpuverify_warp_value32(int v, int src);
extern "C" __device__ long long __gpuverify_warp_value64(long long v, int src);
extern "C" __device__ unsigned int __gpuverify_warp_agree32(void);
extern "C" __device__ unsigned int __gpuverify_warp_ballot(int p);
extern "C" __device__ int __gpuverify_warp_all(int p);
extern "C" __device__ int __gpuverify_warp_any(int p);
/* The value of v at lane src, or v itself when `own`. */
#define __GV_LANE_VALUE(T, I, F)                                              \
  __GV_INLINE T __gv_lane_value(T v, unsigned src, bool own) {                \
    union { T t; I i; } a, b;                                                 \
    a.t = v; b.i = F(a.i, (int)src);                                          \
    return own || src == __gpuverify_warp_lane() ? v : b.t; }
__GV_LANE_VALUE(int, int, __gpuverify_warp_value32)
__GV_LANE_VALUE(unsigned int, int, __gpuverify_warp_value32)
__GV_LANE_VALUE(float, int, __gpuverify_warp_value32)
__GV_LANE_VALUE(long, long long, __gpuverify_warp_value64)
__GV_LANE_VALUE(unsigned long, long long, __gpuverify_warp_value64)
__GV_LANE_VALUE(long long, long long, __gpuverify_warp_value64)
__GV_LANE_VALUE(unsigned long long, long long, __gpuverify_warp_value64)
__GV_LANE_VALUE(double, long long, __gpuverify_warp_value64)
#undef __GV_LANE_VALUE
/* Source lanes (CUDA C++ Programming Guide, warp shuffle functions): a
 * width-w segment starts at lane & ~(w-1); __shfl_sync reads lane
 * srcLane mod w of the segment; up/down leave the lanes whose source is
 * outside the segment unchanged; xor returns the own value for a lane of
 * a later segment. */
__GV_INLINE unsigned __gv_segment(int w) { return __gpuverify_warp_lane() & ~(unsigned)(w - 1); }
#define __GV_SHFL(T)                                                          \
  __GV_INLINE T __shfl_sync(unsigned m, T v, int l, int w = 32) {             \
    return __gv_lane_value(v, __gv_segment(w) + ((unsigned)l & (w - 1)), false); } \
  __GV_INLINE T __shfl_up_sync(unsigned m, T v, unsigned d, int w = 32) {     \
    unsigned lane = __gpuverify_warp_lane();                                  \
    return __gv_lane_value(v, lane - d, (lane & (w - 1)) < d); }              \
  __GV_INLINE T __shfl_down_sync(unsigned m, T v, unsigned d, int w = 32) {   \
    unsigned lane = __gpuverify_warp_lane();                                  \
    return __gv_lane_value(v, lane + d, (lane & (w - 1)) + d >= (unsigned)w); } \
  __GV_INLINE T __shfl_xor_sync(unsigned m, T v, int l, int w = 32) {         \
    unsigned lane = __gpuverify_warp_lane(), src = lane ^ (unsigned)l;        \
    return __gv_lane_value(v, src, (src & ~(unsigned)(w - 1)) > __gv_segment(w)); } \
  __GV_INLINE T __shfl(T v, int l, int w = 32) { return __shfl_sync(~0u, v, l, w); } \
  __GV_INLINE T __shfl_up(T v, unsigned d, int w = 32) {                      \
    return __shfl_up_sync(~0u, v, d, w); }                                    \
  __GV_INLINE T __shfl_down(T v, unsigned d, int w = 32) {                    \
    return __shfl_down_sync(~0u, v, d, w); }                                  \
  __GV_INLINE T __shfl_xor(T v, int l, int w = 32) { return __shfl_xor_sync(~0u, v, l, w); }
__GV_SHFL(int) __GV_SHFL(unsigned int) __GV_SHFL(long) __GV_SHFL(unsigned long)
__GV_SHFL(long long) __GV_SHFL(unsigned long long) __GV_SHFL(float) __GV_SHFL(double)
#undef __GV_SHFL
__GV_INLINE unsigned int __ballot_sync(unsigned m, int p) { return __gpuverify_warp_ballot(p); }
__GV_INLINE unsigned int __ballot(int p) { return __gpuverify_warp_ballot(p); }
__GV_INLINE int __any_sync(unsigned m, int p) { return __gpuverify_warp_any(p) != 0; }
__GV_INLINE int __all_sync(unsigned m, int p) { return __gpuverify_warp_all(p) != 0; }
__GV_INLINE int __uni_sync(unsigned m, int p) { return __gpuverify_warp_agree32() != 0; }
__GV_INLINE int __any(int p) { return __gpuverify_warp_any(p) != 0; }
__GV_INLINE int __all(int p) { return __gpuverify_warp_all(p) != 0; }
/* This lane's bit is set; with --warp-sync (lock step) one warp's
 * enabled threads see one mask. */
__GV_INLINE unsigned int __activemask(void) { return __gpuverify_warp_ballot(1); }
/* Matches compare the value's bits (64 bits wide): the result has this
 * lane's bit, lies in the mask, and (with --warp-sync) has the other
 * thread's bit exactly when the other thread's value is equal. */
extern "C" __device__ unsigned int __gpuverify_warp_match_any(unsigned int m, unsigned long long v);
extern "C" __device__ unsigned int __gpuverify_warp_match_all(unsigned int m, unsigned long long v);
template <class T> __GV_INLINE unsigned long long __gv_match_bits(T v) {
  return (unsigned long long)v; }
__GV_INLINE unsigned long long __gv_match_bits(float v) {
  return __builtin_bit_cast(unsigned int, v); }
__GV_INLINE unsigned long long __gv_match_bits(double v) {
  return __builtin_bit_cast(unsigned long long, v); }
template <class T> __GV_INLINE unsigned int __match_any_sync(unsigned m, T v) {
  return __gpuverify_warp_match_any(m, __gv_match_bits(v)); }
template <class T> __GV_INLINE unsigned int __match_all_sync(unsigned m, T v, int *pred) {
  unsigned int r = __gpuverify_warp_match_all(m, __gv_match_bits(v));
  *pred = r != 0; return r; }
#define __GV_REDUCE(NAME, T)                                                  \
  __GV_INLINE T __reduce_##NAME##_sync(unsigned m, T v) { return (T)__gpuverify_warp_agree32(); }
__GV_REDUCE(add, int) __GV_REDUCE(add, unsigned int) __GV_REDUCE(min, int)
__GV_REDUCE(min, unsigned int) __GV_REDUCE(max, int) __GV_REDUCE(max, unsigned int)
__GV_REDUCE(and, unsigned int) __GV_REDUCE(or, unsigned int) __GV_REDUCE(xor, unsigned int)
#undef __GV_REDUCE
__GV_INLINE unsigned int __lanemask_lt(void) { return __gpuverify_arbitrary<unsigned int>(); }

/* ---- Cache-hint loads and stores: ordinary accesses. ---- */
#define __GV_LOADS(T)                                                         \
  __GV_INLINE T __ldg(const T *p) { return *p; }                              \
  __GV_INLINE T __ldcg(const T *p) { return *p; }                             \
  __GV_INLINE T __ldca(const T *p) { return *p; }                             \
  __GV_INLINE T __ldcs(const T *p) { return *p; }                             \
  __GV_INLINE T __ldlu(const T *p) { return *p; }                             \
  __GV_INLINE T __ldcv(const T *p) { return *p; }                             \
  __GV_INLINE void __stwb(T *p, T v) { *p = v; }                              \
  __GV_INLINE void __stcg(T *p, T v) { *p = v; }                              \
  __GV_INLINE void __stcs(T *p, T v) { *p = v; }                              \
  __GV_INLINE void __stwt(T *p, T v) { *p = v; }
__GV_LOADS(char) __GV_LOADS(signed char) __GV_LOADS(unsigned char) __GV_LOADS(short)
__GV_LOADS(unsigned short) __GV_LOADS(int) __GV_LOADS(unsigned int) __GV_LOADS(long)
__GV_LOADS(unsigned long) __GV_LOADS(long long) __GV_LOADS(unsigned long long)
__GV_LOADS(float) __GV_LOADS(double) __GV_LOADS(char2) __GV_LOADS(char4)
__GV_LOADS(uchar2) __GV_LOADS(uchar4) __GV_LOADS(short2) __GV_LOADS(short4)
__GV_LOADS(ushort2) __GV_LOADS(ushort4) __GV_LOADS(int2) __GV_LOADS(int4)
__GV_LOADS(uint2) __GV_LOADS(uint4) __GV_LOADS(float2) __GV_LOADS(float4)
__GV_LOADS(double2) __GV_LOADS(longlong2) __GV_LOADS(ulonglong2)
#undef __GV_LOADS

/* ---- Integer intrinsics: exact. ---- */
__GV_INLINE int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
__GV_INLINE int __ffsll(long long x) { return __builtin_ffsll(x); }
__GV_INLINE unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x); }
__GV_INLINE int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
__GV_INLINE unsigned int __umulhi(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a * b) >> 32); }
/* No 128-bit integers on 32-bit nvptx: arbitrary. */
__GV_CONST long long __mul64hi(long long a, long long b);
__GV_CONST unsigned long long __umul64hi(unsigned long long a, unsigned long long b);
__GV_INLINE int __hadd(int a, int b) { return (int)(((long long)a + b) >> 1); }
__GV_INLINE int __rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
__GV_INLINE unsigned int __uhadd(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a + b) >> 1); }
__GV_INLINE unsigned int __urhadd(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a + b + 1) >> 1); }
__GV_INLINE unsigned int __sad(int a, int b, unsigned int c) {
  return c + (unsigned int)(a > b ? a - b : b - a); }
__GV_INLINE unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) {
  return c + (a > b ? a - b : b - a); }
/* Selector nibble i picks byte (s >> 4i) & 7 of y:x (written out: a loop
 * would be abstracted and the result no longer exact). */
__GV_INLINE unsigned int __gv_perm_byte(unsigned long long v, unsigned int s, int i) {
  return (unsigned int)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i); }
__GV_INLINE unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long v = ((unsigned long long)y << 32) | x;
  return __gv_perm_byte(v, s, 0) | __gv_perm_byte(v, s, 1) | __gv_perm_byte(v, s, 2) |
         __gv_perm_byte(v, s, 3); }
__GV_INLINE unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((v << (s & 31)) >> 32); }
__GV_INLINE unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(v >> (s & 31)); }
__GV_INLINE unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int s) {
  return __funnelshift_l(lo, hi, s > 32 ? 32 : s); }
__GV_INLINE unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int s) {
  return __funnelshift_r(lo, hi, s > 32 ? 32 : s); }
__GV_INLINE int __gv_dp_byte(int a, int b, int i) {
  return (int)(signed char)(a >> (8 * i)) * (int)(signed char)(b >> (8 * i)); }
__GV_INLINE int __dp4a(int a, int b, int c) {
  return c + __gv_dp_byte(a, b, 0) + __gv_dp_byte(a, b, 1) + __gv_dp_byte(a, b, 2) +
         __gv_dp_byte(a, b, 3); }
__GV_INLINE unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
  unsigned int r = c;
  r += ((a >> 0) & 0xff) * ((b >> 0) & 0xff) + ((a >> 8) & 0xff) * ((b >> 8) & 0xff);
  r += ((a >> 16) & 0xff) * ((b >> 16) & 0xff) + ((a >> 24) & 0xff) * ((b >> 24) & 0xff);
  return r; }
__GV_INLINE unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b; }
__GV_INLINE unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a > b ? a : b; }
__GV_INLINE long long min(long long a, long long b) { return a < b ? a : b; }
__GV_INLINE long long max(long long a, long long b) { return a > b ? a : b; }
__GV_INLINE unsigned long long min(unsigned long long a, unsigned long long b) {
  return a < b ? a : b; }
__GV_INLINE unsigned long long max(unsigned long long a, unsigned long long b) {
  return a > b ? a : b; }
__GV_INLINE long labs(long a) { return a < 0 ? -a : a; }
__GV_INLINE long long abs(long long a) { return a < 0 ? -a : a; }
__GV_INLINE float min(float a, float b) { return fminf(a, b); }
__GV_INLINE float max(float a, float b) { return fmaxf(a, b); }
__GV_INLINE double min(double a, double b) { return fmin(a, b); }
__GV_INLINE double max(double a, double b) { return fmax(a, b); }
__GV_INLINE float abs(float a) { return fabsf(a); }
/* Mixed-type overloads, as the CUDA headers provide them. */
__GV_INLINE unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
__GV_INLINE unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
__GV_INLINE unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }
__GV_INLINE unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
__GV_INLINE double min(float a, double b) { return fmin((double)a, b); }
__GV_INLINE double min(double a, float b) { return fmin(a, (double)b); }
__GV_INLINE double max(float a, double b) { return fmax((double)a, b); }
__GV_INLINE double max(double a, float b) { return fmax(a, (double)b); }

/* Reinterpretations: exact. */
__GV_INLINE int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__GV_INLINE unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
__GV_INLINE float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__GV_INLINE float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
__GV_INLINE long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
__GV_INLINE double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
__GV_INLINE int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
__GV_INLINE int __double2loint(double x) { return (int)__double_as_longlong(x); }
__GV_INLINE double __hiloint2double(int hi, int lo) {
  return __longlong_as_double(((long long)hi << 32) | (unsigned int)lo); }

/* ---- Floating point: declared only (arbitrary or uninterpreted). ---- */
#define __GV_F1(NAME) __GV_CONST float NAME(float);
#define __GV_F2(NAME) __GV_CONST float NAME(float, float);
#define __GV_D1(NAME) __GV_CONST double NAME(double);
#define __GV_D2(NAME) __GV_CONST double NAME(double, double);
__GV_F1(__exp10f) __GV_F1(__log2f) __GV_F1(__log10f) __GV_F1(__tanf) __GV_F1(__frcp_rn)
__GV_F1(__fsqrt_rn) __GV_F1(__frsqrt_rn) __GV_F1(__fsqrt_rz) __GV_F1(__frcp_rz)
__GV_F2(__fadd_rn) __GV_F2(__fadd_rz) __GV_F2(__fadd_ru) __GV_F2(__fadd_rd)
__GV_F2(__fsub_rn) __GV_F2(__fsub_rz) __GV_F2(__fmul_rn) __GV_F2(__fmul_rz)
__GV_F2(__fmul_ru) __GV_F2(__fmul_rd) __GV_F2(__fdiv_rn) __GV_F2(__fdiv_rz)
__GV_F2(fdividef) __GV_F2(remainderf) __GV_F2(nextafterf) __GV_F2(powif)
__GV_F1(exp10f) __GV_F1(asinhf) __GV_F1(acoshf) __GV_F1(atanhf) __GV_F1(sinpif)
__GV_F1(cospif) __GV_F1(erfinvf) __GV_F1(erfcinvf) __GV_F1(normcdff) __GV_F1(normcdfinvf)
__GV_F1(logbf) __GV_F1(nearbyintf) __GV_F1(rcbrtf) __GV_F1(j0f) __GV_F1(j1f) __GV_F1(y0f)
__GV_F1(y1f) __GV_F1(erfcxf)
__GV_D2(__dadd_rn) __GV_D2(__dmul_rn) __GV_D2(__ddiv_rn) __GV_D2(__dsub_rn)
__GV_D1(__drcp_rn) __GV_D1(__dsqrt_rn) __GV_D2(remainder) __GV_D2(nextafter)
__GV_D1(asinh) __GV_D1(acosh) __GV_D1(atanh) __GV_D1(sinpi) __GV_D1(cospi)
__GV_D1(erfinv) __GV_D1(erfcinv) __GV_D1(normcdf) __GV_D1(normcdfinv) __GV_D1(logb)
__GV_D1(nearbyint) __GV_D1(rcbrt)
__GV_CONST float __fmaf_rn(float, float, float);
__GV_CONST float __fmaf_rz(float, float, float);
__GV_CONST double __fma_rn(double, double, double);
__GV_CONST float ldexpf(float, int);
__GV_CONST double ldexp(double, int);
__GV_CONST float scalbnf(float, int);
__GV_CONST double scalbn(double, int);
__GV_CONST float powif(float, int);
__GV_CONST int ilogbf(float);
__GV_CONST long lroundf(float);
__GV_CONST long long llroundf(float);
__GV_CONST long lrintf(float);
__GV_CONST long long llrintf(float);
__GV_CONST long long llround(double);
__GV_CONST long long llrint(double);
__GV_CONST float nanf(const char *);
__GV_CONST double nan(const char *);
__GV_CONST int __isnanf(float);
__GV_CONST int __isinff(float);
__GV_CONST int __finitef(float);
__GV_CONST int __signbitf(float);
/* Functions with pointer outputs: the callee writes what they point to. */
extern "C" __device__ void sincosf(float x, float *s, float *c);
extern "C" __device__ void sincos(double x, double *s, double *c);
extern "C" __device__ void __sincosf(float x, float *s, float *c);
extern "C" __device__ void sincospif(float x, float *s, float *c);
extern "C" __device__ float frexpf(float x, int *e);
extern "C" __device__ double frexp(double x, int *e);
extern "C" __device__ float modff(float x, float *i);
extern "C" __device__ double modf(double x, double *i);
extern "C" __device__ float remquof(float x, float y, int *q);
/* Conversions with a rounding mode. */
#define __GV_CVT(FROM, TO, NAME)                                              \
  __GV_CONST TO NAME##_rn(FROM); __GV_CONST TO NAME##_rz(FROM);               \
  __GV_CONST TO NAME##_ru(FROM); __GV_CONST TO NAME##_rd(FROM);
__GV_CVT(float, int, __float2int) __GV_CVT(float, unsigned int, __float2uint)
__GV_CVT(float, long long, __float2ll) __GV_CVT(float, unsigned long long, __float2ull)
__GV_CVT(int, float, __int2float) __GV_CVT(unsigned int, float, __uint2float)
__GV_CVT(long long, float, __ll2float) __GV_CVT(double, int, __double2int)
__GV_CVT(double, unsigned int, __double2uint) __GV_CVT(double, float, __double2float)
__GV_CVT(double, long long, __double2ll) __GV_CVT(long long, double, __ll2double)
__GV_CVT(int, double, __int2double_x) __GV_CVT(unsigned int, double, __uint2double_x)
#undef __GV_CVT
__GV_INLINE double __int2double_rn(int x) { return (double)x; }
__GV_INLINE double __uint2double_rn(unsigned int x) { return (double)x; }
__GV_INLINE float __saturate_clamp(float x) { return __saturatef(x); }
#undef __GV_F1
#undef __GV_F2
#undef __GV_D1
#undef __GV_D2

/* ---- Clock and timers: arbitrary. ---- */
__GV_INLINE long long clock64(void) { return __gpuverify_arbitrary<long long>(); }
__GV_INLINE int clock(void) { return __gpuverify_arbitrary<int>(); }
__GV_INLINE unsigned long long __globaltimer(void) {
  return __gpuverify_arbitrary<unsigned long long>(); }
__GV_INLINE void __nanosleep(unsigned int ns) {}
/* A trap ends the kernel; continuing past it only adds behaviours. */
__GV_INLINE void __trap(void) {}
__GV_INLINE void __brkpt(void) {}
__GV_INLINE void __prof_trigger(int) {}
/* ---- Placement new (what <new> gives device code under nvcc): the
   object is built in the memory the pointer names, nothing allocated. ---- */
#include <new>
#ifndef __CLANG_CUDA_WRAPPERS_NEW
/* (With a 64-bit host, <new> is clang's CUDA wrapper, which defines them.) */
__device__ inline void *operator new(__SIZE_TYPE__, void *__p) noexcept { return __p; }
__device__ inline void *operator new[](__SIZE_TYPE__, void *__p) noexcept { return __p; }
__device__ inline void operator delete(void *, void *) noexcept {}
__device__ inline void operator delete[](void *, void *) noexcept {}
#endif
#include "gv_textures.h"
#include "gv_math_api.h"

#undef __GV_CONST
#endif
