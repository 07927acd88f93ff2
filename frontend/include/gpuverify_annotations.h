/* gpuverify annotations (docs/design.md §7), force-included in every
 * OpenCL C and CUDA compilation: kernels need no #include.
 *
 * These functions are declared, never defined: the frontend recognises
 * calls to them by name and lowers them to IVL assertions, assumptions,
 * contracts and loop invariants, keeping the call's source location.
 *
 *   __assert(e)            checked for every thread, where it stands
 *   __invariant(e)         at a loop head: a checked loop invariant, e.g.
 *                          for (i = 0; __invariant(i <= n), i < n; i++)
 *   __global_assert(e), __global_invariant(e), __global_requires(e)
 *                          stated once for the pair of threads
 *   __requires(e), __ensures(e)
 *                          at the start of a function body: its contract
 *   __assume(e)            assumed, never checked
 *   __same_group           (GPUVerify's spelling, no parentheses) the two
 *                          threads are in one group; CUDA also accepts
 *                          `__same_group()`
 *   __candidate_invariant(e), __candidate_assert(e) (and global forms)
 *                          a candidate for invariant inference (Houdini)
 *   __function_wide_invariant(e), __function_wide_candidate_invariant(e)
 *                          an invariant (candidate) of every loop of the function
 *   __axiom(e)             a global assumption about constants and
 *                          uninterpreted functions (DECLARE_UF_*)
 *
 * docs/annotations.md is the reference of the whole language.
 */
#ifndef GPUVERIFY_ANNOTATIONS_H
#define GPUVERIFY_ANNOTATIONS_H

/* Expression annotations are `const` (no memory effects), so opt's
 * simplifycfg may turn `a && __f(b)` in a condition into a select and the
 * enclosing annotation stays in its block (loop head, function entry). */
#if defined(__CUDA__)
#define __GV_OVL
#define __GV_FN __attribute__((device))
#define __GV_EXPR __attribute__((device, const))
#define __GV_PTR_FN(RET, NAME) __attribute__((device)) RET NAME(const void *);
#define __GV_PTR_BOOL_FN(RET, NAME) __attribute__((device)) RET NAME(const void *, bool);
#else
#define __GV_OVL __attribute__((overloadable))
#define __GV_FN
#define __GV_EXPR __attribute__((const))
/* One overload per OpenCL address space; the frontend reads the name. */
#define __GV_PTR_FN(RET, NAME)                                                \
  RET __attribute__((overloadable)) NAME(const __global void *);              \
  RET __attribute__((overloadable)) NAME(const __local void *);               \
  RET __attribute__((overloadable)) NAME(const __constant void *);            \
  RET __attribute__((overloadable)) NAME(const __private void *);
#define __GV_PTR_BOOL_FN(RET, NAME)                                           \
  RET __attribute__((overloadable)) NAME(const __global void *, bool);        \
  RET __attribute__((overloadable)) NAME(const __local void *, bool);         \
  RET __attribute__((overloadable)) NAME(const __constant void *, bool);      \
  RET __attribute__((overloadable)) NAME(const __private void *, bool);
#endif

/* Statements. */
__GV_FN void __assert(bool);
__GV_FN void __global_assert(bool);
__GV_FN void __invariant(bool);
__GV_FN void __global_invariant(bool);
__GV_FN void __requires(bool);
__GV_FN void __global_requires(bool);
__GV_FN void __ensures(bool);
__GV_FN void __global_ensures(bool);
__GV_FN void __assume(bool);
__GV_FN void __axiom(bool);
__GV_FN void __candidate_invariant(bool);
__GV_FN void __candidate_global_invariant(bool);
__GV_FN void __candidate_assert(bool);
__GV_FN void __candidate_global_assert(bool);
__GV_FN void __function_wide_invariant(bool);
__GV_FN void __function_wide_candidate_invariant(bool);
__GV_FN void __non_temporal_loads_begin(void);
__GV_FN void __non_temporal_loads_end(void);

/* Barrier invariants (Chong et al., OOPSLA 2013), just before a barrier:
 * `__barrier_invariant_N(e, i1, ..., iN)` checks `e` for the threads whose
 * local ids are i1..iN before the barrier and assumes it for them after;
 * the binary form takes pairs `a1, b1, ..., aN, bN` of thread ids. */
__GV_FN void __barrier_invariant_1(bool, int);
__GV_FN void __barrier_invariant_2(bool, int, int);
__GV_FN void __barrier_invariant_3(bool, int, int, int);
__GV_FN void __barrier_invariant_4(bool, int, int, int, int);
__GV_FN void __barrier_invariant_5(bool, int, int, int, int, int);
__GV_FN void __barrier_invariant_6(bool, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_7(bool, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_8(bool, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_9(bool, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_10(bool, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_11(bool, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_12(bool, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_13(bool, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_14(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_15(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_16(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_17(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_18(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_19(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_20(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_21(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_22(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_23(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_24(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_25(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_26(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_27(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_28(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_29(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_30(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_31(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_32(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_1(bool, int, int);
__GV_FN void __barrier_invariant_binary_2(bool, int, int, int, int);
__GV_FN void __barrier_invariant_binary_3(bool, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_4(bool, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_5(bool, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_6(bool, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_7(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_8(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_9(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_10(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_11(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_12(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_13(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_14(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_15(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);
__GV_FN void __barrier_invariant_binary_16(bool, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int);

/* The programmer's undefined-behaviour hints, kept apart from the paths the
   optimiser deletes (which the frontend checks): __builtin_unreachable()
   is assumed never reached, __builtin_assume(e) is __assume(e). */
#if defined(__CUDA__)
/* Host and device: host code (libstdc++'s inline functions included) uses
 * __builtin_unreachable too; host code is never lowered. */
__attribute__((host, device, noreturn)) void __gpuverify_unreachable(void);
#else
__GV_FN __attribute__((noreturn)) void __gpuverify_unreachable(void);
#endif
#define __builtin_unreachable() __gpuverify_unreachable()
#define __builtin_assume(e) __assume(e)

/* Expressions. */
__GV_EXPR bool __implies(bool, bool);
__GV_EXPR bool __enabled(void);
__GV_EXPR bool __same_group(void);
__GV_EXPR int __other_int(int);
__GV_EXPR bool __other_bool(bool);
__GV_EXPR bool __uniform_int(int);
__GV_EXPR bool __uniform_bool(bool);
__GV_EXPR bool __distinct_int(int);
__GV_EXPR bool __distinct_bool(bool);
__GV_EXPR bool __all(bool);
__GV_EXPR bool __exclusive(bool);
__GV_EXPR bool __dominator_enabled(void);
__GV_EXPR bool __is_pow2(unsigned int);
__GV_EXPR unsigned int __mod_pow2(unsigned int, unsigned int);
__GV_EXPR bool __add_noovfl(unsigned int, unsigned int);
__GV_EXPR int __return_val_int(void);
__GV_EXPR bool __return_val_bool(void);

/* `__ite(c, a, b)`: if c then a else b (overloaded; typed forms too). */
#define __GV_ITE(T, SUFFIX)                                                   \
  __GV_EXPR __GV_OVL T __ite(bool, T, T);                                     \
  __GV_EXPR T __ite_##SUFFIX(bool, T, T);
#define __GV_ADD(T, SUFFIX)                                                   \
  __GV_EXPR bool __add_noovfl_##SUFFIX(T, T);                                 \
  __GV_EXPR T __add_##SUFFIX(T, T);
#define __GV_INT_TYPES(F)                                                     \
  F(char, char)                                                               \
  F(short, short)                                                             \
  F(int, int)                                                                 \
  F(long, long)                                                               \
  F(unsigned char, unsigned_char)                                             \
  F(unsigned short, unsigned_short)                                           \
  F(unsigned int, unsigned_int)                                               \
  F(unsigned long, unsigned_long)
__GV_INT_TYPES(__GV_ITE)
__GV_ITE(bool, bool)
__GV_ITE(float, float)
__GV_INT_TYPES(__GV_ADD)
/* The OpenCL spellings of the unsigned types. */
__GV_EXPR bool __add_noovfl_uchar(unsigned char, unsigned char);
__GV_EXPR bool __add_noovfl_ushort(unsigned short, unsigned short);
__GV_EXPR bool __add_noovfl_uint(unsigned int, unsigned int);
__GV_EXPR bool __add_noovfl_ulong(unsigned long, unsigned long);
__GV_EXPR unsigned char __add_uchar(unsigned char, unsigned char);
__GV_EXPR unsigned short __add_ushort(unsigned short, unsigned short);
__GV_EXPR unsigned int __add_uint(unsigned int, unsigned int);
__GV_EXPR unsigned long __add_ulong(unsigned long, unsigned long);

/* Results of the function an `__ensures` belongs to, by type. */
#define __GV_RET(T, SUFFIX) __GV_EXPR T __return_val_##SUFFIX(void);
__GV_RET(unsigned int, uint)
__GV_RET(long, long)
__GV_RET(unsigned long, ulong)
__GV_RET(float, float)
/* Vector results: an int4 result is read as `__return_val_int4().x`. */
#define __GV_VEC_RET(T, N)                                                    \
  typedef T __gv_##T##N __attribute__((ext_vector_type(N)));                  \
  __GV_EXPR __gv_##T##N __return_val_##T##N(void);
__GV_VEC_RET(int, 2)
__GV_VEC_RET(int, 4)
__GV_VEC_RET(float, 2)
__GV_VEC_RET(float, 4)
#if defined(__CUDA__)
__GV_FN void *__return_val_ptr(void);
/* A function-pointer result is a function id (no memory pointer): read
   through a function-pointer-typed declaration, cast to the caller's type. */
typedef void (*__gv_funptr_t)(void);
__GV_EXPR __gv_funptr_t __return_val_funptr_id(void);
#define __return_val_funptr(T) ((T)__return_val_funptr_id())
#else
__global void *__return_val_ptr(void);
#define __return_val_funptr(T) ((T)__return_val_ptr())
#endif

#if defined(__CUDA__)
#define __GPUVERIFY_UF __attribute__((device, const))
#else
#define __GPUVERIFY_UF __attribute__((const))
#endif
/* Uninterpreted functions: `DECLARE_UF_BINARY(F, int, int, int)` declares
 * `int F(int, int)`, equal results for equal arguments, nothing more. */
#define DECLARE_UF_NULLARY(NAME, R)                                           \
  __GPUVERIFY_UF R NAME(void) __asm__("__gpuverify_uf_" #NAME);
#define DECLARE_UF_UNARY(NAME, T1, R)                                         \
  __GPUVERIFY_UF R NAME(T1) __asm__("__gpuverify_uf_" #NAME);
#define DECLARE_UF_BINARY(NAME, T1, T2, R)                                    \
  __GPUVERIFY_UF R NAME(T1, T2) __asm__("__gpuverify_uf_" #NAME);
#define DECLARE_UF_TERNARY(NAME, T1, T2, T3, R)                               \
  __GPUVERIFY_UF R NAME(T1, T2, T3) __asm__("__gpuverify_uf_" #NAME);
__GPUVERIFY_UF int __old_int(int);
__GPUVERIFY_UF bool __old_bool(bool);

/* Access predicates over the array a pointer points into. */
__GV_PTR_FN(bool, __read)
__GV_PTR_FN(bool, __write)
__GV_PTR_FN(bool, __no_read)
__GV_PTR_FN(bool, __no_write)
__GV_PTR_BOOL_FN(bool, __read_implies)
__GV_PTR_BOOL_FN(bool, __write_implies)
__GV_PTR_FN(unsigned int, __read_offset_bytes)
__GV_PTR_FN(unsigned int, __write_offset_bytes)
__GV_PTR_FN(int, __ptr_base)
__GV_PTR_FN(int, __ptr_offset_bytes)
/* Element offsets: the byte offset over the element size of the
 * pointer's type (`p` must point to a complete type). */
#define __read_offset(p) (__read_offset_bytes(p) / (unsigned int)sizeof(*(p)))
#define __write_offset(p) (__write_offset_bytes(p) / (unsigned int)sizeof(*(p)))
__GV_PTR_FN(int, __other_ptr_base)
__GV_PTR_FN(bool, __uniform_ptr_base)
__GV_PTR_FN(bool, __distinct_ptr_base)

/* GPUVerify spells "the two threads are in one group" `__same_group`,
 * without parentheses (a macro there). Without this macro the bare name
 * would be the function's address: always true in CUDA, an error in
 * OpenCL. The macro is self-referential, so its expansion calls the
 * function. In CUDA (C++) `__same_group()` keeps working too: the macro
 * yields an object both convertible to bool and callable. It is built
 * with braces: `(__gv_same_group_t()) & x` would parse as a cast of `&x`. */
#if defined(__cplusplus)
struct __gv_same_group_t {
  __GV_FN __attribute__((always_inline)) operator bool() const { return __same_group(); }
  __GV_FN __attribute__((always_inline)) bool operator()() const { return __same_group(); }
};
#define __same_group (__gv_same_group_t{})
#else
#define __same_group (__same_group())
#endif

/* Frames and freshness of device functions: accepted, not used (the
 * verifier inlines or computes frames itself; see docs/annotations.md). */
__GV_PTR_FN(void, __reads_from)
__GV_PTR_FN(void, __writes_to)
__GV_PTR_FN(void, __requires_fresh_array)
/* Permissions inside barrier invariants. */
__GV_PTR_FN(bool, __read_permission)
__GV_PTR_FN(bool, __write_permission)
/* Ghost state: `__array_snapshot(dst, src)` copies the private array dst
 * from src (any address space); `__atomic_has_taken_value(A, i, v)`: some
 * atomic on A[i] returned v (the macro below passes the element's
 * address; the function itself takes the address and the value). */
#if defined(__CUDA__)
__GV_FN void __array_snapshot(void *, const void *);
__GV_FN bool __atomic_has_taken_value(const void *, unsigned int);
#else
#define __GV_SNAPSHOT_FROM(DST, SRC)                                          \
  void __attribute__((overloadable)) __array_snapshot(DST void *, const SRC void *);
#define __GV_SNAPSHOT(AS)                                                     \
  __GV_SNAPSHOT_FROM(AS, __global)                                            \
  __GV_SNAPSHOT_FROM(AS, __local)                                             \
  __GV_SNAPSHOT_FROM(AS, __private)                                           \
  __GV_SNAPSHOT_FROM(AS, __constant)                                          \
  bool __attribute__((overloadable))                                          \
      __atomic_has_taken_value(const AS void *, unsigned int);
__GV_SNAPSHOT(__global)
__GV_SNAPSHOT(__local)
__GV_SNAPSHOT(__private)
#undef __GV_SNAPSHOT
#undef __GV_SNAPSHOT_FROM
#endif
#define __atomic_has_taken_value(A, I, V)                                     \
  __atomic_has_taken_value((A) + (I), (unsigned int)(V))

#undef __GV_ITE
#undef __GV_ADD
#undef __GV_INT_TYPES
#undef __GV_RET
#undef __GV_VEC_RET
#undef __GV_OVL
#undef __GV_FN
#undef __GV_EXPR
#undef __GV_PTR_FN
#undef __GV_PTR_BOOL_FN
#endif
