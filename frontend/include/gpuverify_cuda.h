/* gpuverify's CUDA device header, force-included in CUDA compilations (no
 * CUDA toolkit is needed). It provides the execution-space attributes,
 * threadIdx/blockIdx/blockDim/gridDim/warpSize, vector types, barriers,
 * fences, atomics and the math library.
 *
 * Helpers are always_inline, so at -O0 they disappear into their callers
 * as the LLVM instructions and NVVM intrinsics the frontend models
 * (atomicrmw, cmpxchg, llvm.nvvm.barrier0, llvm.ctpop, ...). Math
 * functions are only declared: the frontend treats them as uninterpreted.
 */
#ifndef GPUVERIFY_CUDA_H
#define GPUVERIFY_CUDA_H

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
/* A by-value kernel parameter the kernel may take the address of without
 * a copy (CUDA 11.7): the argument is one value for the whole launch, as
 * every by-value argument is modelled (lower/byval_args.rs). */
#define __grid_constant__
#define __align__(n) __attribute__((aligned(n)))
#define __GV_INLINE static __device__ __forceinline__
#define __GV_HD static __host__ __device__ __forceinline__
#ifndef __CUDACC__
#define __CUDACC__
#endif
#define __CUDA_INTERNAL_COMPILATION__ 0
#define __device_builtin__
#define __cudart_builtin__
#define CUDA_ARCH_LIST 700

typedef __SIZE_TYPE__ size_t;
/* nvcc's cuda_runtime.h brings <stddef.h> (NULL, ptrdiff_t) into every
 * translation unit; clang's own stddef.h does the same here. */
#include <stddef.h>
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned long ulong;
typedef unsigned char uchar;

/* Device-side C library: printf is lowered by clang to vprintf (no effect
 * for the verifier), assert's failure branch calls __assert_fail (a failed
 * check), malloc/free are the device heap (lower/device_heap.rs). */
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ int printf(const char *, ...);
__device__ void free(void *) __attribute__((nothrow));
__device__ void *malloc(size_t) __attribute__((nothrow)) __attribute__((malloc));
/* Device memcpy/memset (CUDA's device runtime provides them): the builtins,
   so a copy is a range of accesses like any other and its result is `d`. */
__device__ __forceinline__ void *memcpy(void *d, const void *s, size_t n) {
  return __builtin_memcpy(d, s, n); }
__device__ __forceinline__ void *memset(void *d, int c, size_t n) {
  return __builtin_memset(d, c, n); }
__device__ void __assertfail(const char *, const char *, unsigned, const char *, size_t);
__device__ void __assert_fail(const char *, const char *, unsigned, const char *);
}
/* nvcc's runtime header brings the C string functions to host code
   (`memset(&desc, 0, sizeof(desc))` without an include). */
#include <string.h>

/* Vector types: structs with x, y, z, w, aligned as CUDA aligns them. */
#define __GV_VECTOR_TYPES(NAME, T, ALIGN2, ALIGN4)                            \
  struct NAME##1 { T x; };                                                    \
  struct __attribute__((aligned(ALIGN2))) NAME##2 { T x, y; };                \
  struct NAME##3 { T x, y, z; };                                              \
  struct __attribute__((aligned(ALIGN4))) NAME##4 { T x, y, z, w; };          \
  __GV_HD NAME##1 make_##NAME##1(T x) { NAME##1 r; r.x = x; return r; }       \
  __GV_HD NAME##2 make_##NAME##2(T x, T y) {                                  \
    NAME##2 r; r.x = x; r.y = y; return r; }                                  \
  __GV_HD NAME##3 make_##NAME##3(T x, T y, T z) {                             \
    NAME##3 r; r.x = x; r.y = y; r.z = z; return r; }                         \
  __GV_HD NAME##4 make_##NAME##4(T x, T y, T z, T w) {                        \
    NAME##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
__GV_VECTOR_TYPES(char, signed char, 2, 4)
__GV_VECTOR_TYPES(uchar, unsigned char, 2, 4)
__GV_VECTOR_TYPES(short, short, 4, 8)
__GV_VECTOR_TYPES(ushort, unsigned short, 4, 8)
__GV_VECTOR_TYPES(int, int, 8, 16)
__GV_VECTOR_TYPES(uint, unsigned int, 8, 16)
__GV_VECTOR_TYPES(longlong, long long, 16, 16)
__GV_VECTOR_TYPES(ulonglong, unsigned long long, 16, 16)
__GV_VECTOR_TYPES(float, float, 8, 16)
__GV_VECTOR_TYPES(double, double, 16, 16)
__GV_VECTOR_TYPES(long, long, 2 * sizeof(long), 2 * sizeof(long))
__GV_VECTOR_TYPES(ulong, unsigned long, 2 * sizeof(long), 2 * sizeof(long))
#undef __GV_VECTOR_TYPES

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ __forceinline__ constexpr dim3(unsigned int x = 1, unsigned int y = 1,
                                     unsigned int z = 1)
      : x(x), y(y), z(z) {}
  __host__ __device__ __forceinline__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};

/* threadIdx, blockIdx, blockDim, gridDim as clang defines them (NVVM
 * special-register reads). */
#include <__clang_cuda_builtin_vars.h>
#define __GV_BUILTIN_VAR_CONVERSIONS(T)                                       \
  __device__ __forceinline__ T::operator dim3() const { return dim3(x, y, z); } \
  __device__ __forceinline__ T::operator uint3() const {                      \
    uint3 r; r.x = x; r.y = y; r.z = z; return r; }
__GV_BUILTIN_VAR_CONVERSIONS(__cuda_builtin_threadIdx_t)
__GV_BUILTIN_VAR_CONVERSIONS(__cuda_builtin_blockIdx_t)
__GV_BUILTIN_VAR_CONVERSIONS(__cuda_builtin_blockDim_t)
__GV_BUILTIN_VAR_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef __GV_BUILTIN_VAR_CONVERSIONS
/* The warp size is a launch constant the verifier does not fix (see
 * --warp-sync): the frontend lowers this call to a uniform constant. */
extern "C" __device__ int __gpuverify_warp_size(void);
#define warpSize (__gpuverify_warp_size())

/* Barriers and fences (__syncthreads is a clang builtin). */
__GV_INLINE int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__GV_INLINE int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__GV_INLINE int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
__GV_INLINE void __syncwarp(unsigned int mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(mask); }
__GV_INLINE void __threadfence(void) { __nvvm_membar_gl(); }
__GV_INLINE void __threadfence_block(void) { __nvvm_membar_cta(); }
__GV_INLINE void __threadfence_system(void) { __nvvm_membar_sys(); }

/* Atomics: each becomes one atomicrmw/cmpxchg (or NVVM inc/dec). */
#define __GV_ATOMIC_INT(NAME, OP, T, SUFFIX)                                  \
  __GV_INLINE T NAME(T *p, T v) { return __nvvm_atom_##OP##_gen_##SUFFIX(p, v); }
#define __GV_ATOMIC_ALL(NAME, OP)                                             \
  __GV_ATOMIC_INT(NAME, OP, int, i)                                           \
  __GV_ATOMIC_INT(NAME, OP, unsigned int, i)                                  \
  __GV_ATOMIC_INT(NAME, OP, unsigned long long, ll)
__GV_INLINE int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
__GV_INLINE unsigned int atomicAdd(unsigned int *p, unsigned int v) {
  return (unsigned int)__nvvm_atom_add_gen_i((int *)p, (int)v); }
__GV_INLINE unsigned long long atomicAdd(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_add_gen_ll((long long *)p, (long long)v); }
__GV_INLINE float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
__GV_INLINE double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }
__GV_INLINE int atomicSub(int *p, int v) { return __nvvm_atom_add_gen_i(p, -v); }
__GV_INLINE unsigned int atomicSub(unsigned int *p, unsigned int v) {
  return (unsigned int)__nvvm_atom_add_gen_i((int *)p, -(int)v); }
__GV_INLINE int atomicExch(int *p, int v) { return __nvvm_atom_xchg_gen_i(p, v); }
__GV_INLINE unsigned int atomicExch(unsigned int *p, unsigned int v) {
  return (unsigned int)__nvvm_atom_xchg_gen_i((int *)p, (int)v); }
__GV_INLINE unsigned long long atomicExch(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_xchg_gen_ll((long long *)p, (long long)v); }
__GV_INLINE float atomicExch(float *p, float v) {
  return __builtin_bit_cast(float, __nvvm_atom_xchg_gen_i((int *)p, __builtin_bit_cast(int, v))); }
__GV_INLINE int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }
__GV_INLINE unsigned int atomicMin(unsigned int *p, unsigned int v) { return __nvvm_atom_min_gen_ui(p, v); }
__GV_INLINE int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
__GV_INLINE unsigned int atomicMax(unsigned int *p, unsigned int v) { return __nvvm_atom_max_gen_ui(p, v); }
__GV_INLINE unsigned int atomicInc(unsigned int *p, unsigned int v) { return __nvvm_atom_inc_gen_ui(p, v); }
__GV_INLINE unsigned int atomicDec(unsigned int *p, unsigned int v) { return __nvvm_atom_dec_gen_ui(p, v); }
__GV_INLINE int atomicCAS(int *p, int c, int v) { return __nvvm_atom_cas_gen_i(p, c, v); }
__GV_INLINE unsigned int atomicCAS(unsigned int *p, unsigned int c, unsigned int v) {
  return (unsigned int)__nvvm_atom_cas_gen_i((int *)p, (int)c, (int)v); }
__GV_INLINE unsigned long long atomicCAS(unsigned long long *p, unsigned long long c, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_cas_gen_ll((long long *)p, (long long)c, (long long)v); }
__GV_INLINE int atomicAnd(int *p, int v) { return __nvvm_atom_and_gen_i(p, v); }
__GV_INLINE unsigned int atomicAnd(unsigned int *p, unsigned int v) {
  return (unsigned int)__nvvm_atom_and_gen_i((int *)p, (int)v); }
__GV_INLINE int atomicOr(int *p, int v) { return __nvvm_atom_or_gen_i(p, v); }
__GV_INLINE unsigned int atomicOr(unsigned int *p, unsigned int v) {
  return (unsigned int)__nvvm_atom_or_gen_i((int *)p, (int)v); }
__GV_INLINE int atomicXor(int *p, int v) { return __nvvm_atom_xor_gen_i(p, v); }
__GV_INLINE unsigned int atomicXor(unsigned int *p, unsigned int v) {
  return (unsigned int)__nvvm_atom_xor_gen_i((int *)p, (int)v); }
#undef __GV_ATOMIC_INT
#undef __GV_ATOMIC_ALL

/* Integer functions, written out so the model is exact. */
__GV_INLINE int min(int a, int b) { return a < b ? a : b; }
__GV_INLINE unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
__GV_INLINE unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
__GV_INLINE long long llmin(long long a, long long b) { return a < b ? a : b; }
__GV_INLINE int max(int a, int b) { return a > b ? a : b; }
__GV_INLINE unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
__GV_INLINE unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
__GV_INLINE long long llmax(long long a, long long b) { return a > b ? a : b; }
__GV_INLINE int abs(int a) { return a < 0 ? -a : a; }
__GV_INLINE long long llabs(long long a) { return a < 0 ? -a : a; }
__GV_INLINE int __mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
__GV_INLINE unsigned int __umul24(unsigned int a, unsigned int b) {
  return (a & 0xffffffu) * (b & 0xffffffu); }
__GV_INLINE int __popc(unsigned int x) { return __builtin_popcount(x); }
__GV_INLINE int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__GV_INLINE int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
__GV_INLINE int __ffs(int x) { return __builtin_ffs(x); }
__GV_INLINE unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }

/* Math: declared only; the frontend models each as an uninterpreted function. */
#define __GV_MATH1(NAME)                                                      \
  extern "C" __device__ float NAME##f(float);                                 \
  extern "C" __device__ double NAME(double);                                  \
  __GV_INLINE float NAME(float x) { return NAME##f(x); }
#define __GV_MATH2(NAME)                                                      \
  extern "C" __device__ float NAME##f(float, float);                          \
  extern "C" __device__ double NAME(double, double);                          \
  __GV_INLINE float NAME(float x, float y) { return NAME##f(x, y); }
__GV_MATH1(sqrt) __GV_MATH1(rsqrt) __GV_MATH1(cbrt) __GV_MATH1(exp)
__GV_MATH1(exp2) __GV_MATH1(exp10) __GV_MATH1(expm1) __GV_MATH1(log)
__GV_MATH1(log2) __GV_MATH1(log10) __GV_MATH1(log1p) __GV_MATH1(sin)
__GV_MATH1(cos) __GV_MATH1(tan) __GV_MATH1(asin) __GV_MATH1(acos)
__GV_MATH1(atan) __GV_MATH1(sinh) __GV_MATH1(cosh) __GV_MATH1(tanh)
__GV_MATH1(fabs) __GV_MATH1(floor) __GV_MATH1(ceil) __GV_MATH1(round)
__GV_MATH1(rint) __GV_MATH1(trunc) __GV_MATH1(erf) __GV_MATH1(erfc)
__GV_MATH1(tgamma) __GV_MATH1(lgamma)
__GV_MATH2(pow) __GV_MATH2(atan2) __GV_MATH2(fmod) __GV_MATH2(fmin)
__GV_MATH2(fmax) __GV_MATH2(hypot) __GV_MATH2(copysign) __GV_MATH2(fdim)
extern "C" __device__ float fmaf(float, float, float);
extern "C" __device__ double fma(double, double, double);
extern "C" __device__ float __fdividef(float, float);
extern "C" __device__ float __expf(float);
extern "C" __device__ float __logf(float);
extern "C" __device__ float __sinf(float);
extern "C" __device__ float __cosf(float);
extern "C" __device__ float __powf(float, float);
extern "C" __device__ float __saturatef(float);
#undef __GV_MATH1
#undef __GV_MATH2

/* The host runtime API (host code of a .cu file compiles, never lowered)
 * and the rest of the device library. */
#include "cuda/gv_runtime_api.h"
#include "cuda/gv_device_library.h"
/* nvcc's cuda_runtime.h brings the C math, stdlib and stdio declarations to
 * host code (`sqrt`, `rand`, `malloc`, `printf` without an include). They
 * come after the device declarations above, so the library's templates
 * (std::pow's promotions...) see both the host and the device overloads. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#endif
