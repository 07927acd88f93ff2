/* gpuverify: half precision (cuda_fp16.h), written from the CUDA Math API
 * reference. A __half is 16 bits of storage; arithmetic on it is modelled
 * as arbitrary values (functions without a body), conversions likewise.
 * Loads and stores of __half/__half2 are ordinary accesses. */
#ifndef GPUVERIFY_CUDA_FP16_H
#define GPUVERIFY_CUDA_FP16_H

struct __align__(2) __half {
  unsigned short __x;
  __half() = default;
  __host__ __device__ __half(float f);
  __host__ __device__ __half(double f);
  __host__ __device__ __half(int i);
  __host__ __device__ __half(unsigned int i);
  __host__ __device__ operator float() const;
};
struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ __half2(__half a, __half b) : x(a), y(b) {}
};
typedef __half half;
typedef __half2 half2;
typedef struct { unsigned short x; } __half_raw;
typedef struct { unsigned short x, y; } __half2_raw;

#define __GV_H extern "C++" __host__ __device__
__GV_H __half __float2half(float);
__GV_H __half __float2half_rn(float);
__GV_H __half __float2half_rz(float);
__GV_H float __half2float(__half);
__GV_H __half2 __float2half2_rn(float);
__GV_H __half2 __floats2half2_rn(float, float);
__GV_H __half2 __halves2half2(__half, __half);
__GV_H __half2 __half2half2(__half);
__GV_H float2 __half22float2(__half2);
__GV_H __half2 __float22half2_rn(float2);
__GV_H float __low2float(__half2);
__GV_H float __high2float(__half2);
__GV_H __half __low2half(__half2);
__GV_H __half __high2half(__half2);
__GV_H __half __int2half_rn(int);
__GV_H int __half2int_rn(__half);
__GV_H int __half2int_rz(__half);
__GV_H __half __ushort_as_half(unsigned short);
__GV_H unsigned short __half_as_ushort(__half);
__GV_H short __half_as_short(__half);
__GV_H __half __short_as_half(short);
#define __GV_H2(NAME)                                                         \
  __GV_H __half NAME(__half, __half);                                         \
  __GV_H __half2 NAME##2(__half2, __half2);
__GV_H2(__hadd) __GV_H2(__hsub) __GV_H2(__hmul) __GV_H2(__hdiv) __GV_H2(__hmax)
__GV_H2(__hmin) __GV_H2(__hadd_sat) __GV_H2(__hmul_sat) __GV_H2(__hsub_sat)
#undef __GV_H2
__GV_H __half __hfma(__half, __half, __half);
__GV_H __half2 __hfma2(__half2, __half2, __half2);
__GV_H __half __hneg(__half);
__GV_H __half2 __hneg2(__half2);
__GV_H __half __habs(__half);
__GV_H __half2 __habs2(__half2);
__GV_H bool __heq(__half, __half);
__GV_H bool __hne(__half, __half);
__GV_H bool __hlt(__half, __half);
__GV_H bool __hle(__half, __half);
__GV_H bool __hgt(__half, __half);
__GV_H bool __hge(__half, __half);
__GV_H bool __hisnan(__half);
__GV_H bool __hisinf(__half);
__GV_H __half hsqrt(__half);
__GV_H __half hrsqrt(__half);
__GV_H __half hexp(__half);
__GV_H __half hlog(__half);
__GV_H __half hsin(__half);
__GV_H __half hcos(__half);
__GV_H __half2 h2sqrt(__half2);
__GV_H __half2 h2exp(__half2);
__GV_H __half operator+(const __half &, const __half &);
__GV_H __half operator-(const __half &, const __half &);
__GV_H __half operator*(const __half &, const __half &);
__GV_H __half operator/(const __half &, const __half &);
__GV_H __half operator-(const __half &);
__GV_H bool operator<(const __half &, const __half &);
__GV_H bool operator>(const __half &, const __half &);
__GV_H bool operator<=(const __half &, const __half &);
__GV_H bool operator>=(const __half &, const __half &);
__GV_H bool operator==(const __half &, const __half &);
__GV_H bool operator!=(const __half &, const __half &);
__GV_H __half2 operator+(const __half2 &, const __half2 &);
__GV_H __half2 operator-(const __half2 &, const __half2 &);
__GV_H __half2 operator*(const __half2 &, const __half2 &);
__GV_H __half2 operator/(const __half2 &, const __half2 &);
static __device__ __forceinline__ __half &operator+=(__half &a, const __half &b) {
  a = a + b; return a; }
static __device__ __forceinline__ __half &operator*=(__half &a, const __half &b) {
  a = a * b; return a; }
static __device__ __forceinline__ __half2 &operator+=(__half2 &a, const __half2 &b) {
  a = a + b; return a; }
/* Atomics on halves: an atomic exchange of the storage with an arbitrary
 * value (atomic, so it never races with another atomic; the sum itself is
 * not modelled). */
static __device__ __forceinline__ __half2 atomicAdd(__half2 *p, __half2 v) {
  unsigned int old = __atomic_exchange_n((unsigned int *)p, __gpuverify_arbitrary<unsigned int>(),
                                         __ATOMIC_RELAXED);
  return __builtin_bit_cast(__half2, old); }
static __device__ __forceinline__ __half atomicAdd(__half *p, __half v) {
  unsigned short old = __atomic_exchange_n((unsigned short *)p,
                                           __gpuverify_arbitrary<unsigned short>(),
                                           __ATOMIC_RELAXED);
  return __builtin_bit_cast(__half, old); }
/* System scope: the device-scope atomic. Block scope: accepted on __shared__
 * memory only (the marker, lower/warp.rs; gv_device_library.h). */
extern "C" __device__ void __gpuverify_block_scope_atomic(const volatile void *p);
static __device__ __forceinline__ __half2 atomicAdd_block(__half2 *p, __half2 v) {
  __gpuverify_block_scope_atomic(p); return atomicAdd(p, v); }
static __device__ __forceinline__ __half2 atomicAdd_system(__half2 *p, __half2 v) {
  return atomicAdd(p, v); }
static __device__ __forceinline__ __half atomicAdd_block(__half *p, __half v) {
  __gpuverify_block_scope_atomic(p); return atomicAdd(p, v); }
static __device__ __forceinline__ __half atomicAdd_system(__half *p, __half v) {
  return atomicAdd(p, v); }
__GV_H __half2 __lowhigh2highlow(__half2);
__GV_H __half2 __low2half2(__half2);
__GV_H __half2 __high2half2(__half2);
__GV_H __half2 __lows2half2(__half2, __half2);
__GV_H __half2 __highs2half2(__half2, __half2);
__GV_H __half __double2half(double);
__GV_H __half __uint2half_rn(unsigned int);
__GV_H unsigned int __half2uint_rn(__half);
__GV_H __half hceil(__half);
__GV_H __half hfloor(__half);
__GV_H __half htrunc(__half);
__GV_H __half hrint(__half);
__GV_H __half hrcp(__half);
__GV_H __half hexp2(__half);
__GV_H __half hlog2(__half);
__GV_H __half2 h2rsqrt(__half2);
__GV_H __half2 h2rcp(__half2);
__GV_H __half2 h2log(__half2);
__GV_H __half2 h2sin(__half2);
__GV_H __half2 h2cos(__half2);
__GV_H bool __hbeq2(__half2, __half2);
__GV_H bool __hbne2(__half2, __half2);
__GV_H bool __hblt2(__half2, __half2);
__GV_H bool __hbgt2(__half2, __half2);
__GV_H __half2 __heq2(__half2, __half2);
__GV_H __half2 __hlt2(__half2, __half2);
__GV_H __half2 __hgt2(__half2, __half2);
__GV_H __half2 __hfma2_relu(__half2, __half2, __half2);
__GV_H __half __shfl_up_sync(unsigned, __half, unsigned, int = 32);
__GV_H __half2 __shfl_up_sync(unsigned, __half2, unsigned, int = 32);
__GV_H __half __shfl_sync(unsigned, __half, int, int = 32);
__GV_H __half2 __shfl_sync(unsigned, __half2, int, int = 32);
__GV_H __half __shfl_down_sync(unsigned, __half, unsigned, int = 32);
__GV_H __half2 __shfl_down_sync(unsigned, __half2, unsigned, int = 32);
__GV_H __half __shfl_xor_sync(unsigned, __half, int, int = 32);
__GV_H __half2 __shfl_xor_sync(unsigned, __half2, int, int = 32);
__GV_H __half __ldg(const __half *);
__GV_H __half2 __ldg(const __half2 *);
#undef __GV_H
#endif
