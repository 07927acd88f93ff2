/* gpuverify annotations (DESIGN.md section 6), force-included in every
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
 */
#ifndef GPUVERIFY_ANNOTATIONS_H
#define GPUVERIFY_ANNOTATIONS_H

/* Expression annotations are `const` (no memory effects), so opt's
 * simplifycfg may turn `a && __f(b)` in a condition into a select and the
 * enclosing annotation stays in its block (loop head, function entry). */
#if defined(__CUDA__)
#define __GV_FN __attribute__((device))
#define __GV_EXPR __attribute__((device, const))
#define __GV_PTR_FN(RET, NAME) __attribute__((device)) RET NAME(const void *);
#define __GV_PTR_BOOL_FN(RET, NAME) __attribute__((device)) RET NAME(const void *, bool);
#else
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

/* The programmer's undefined-behaviour hints, kept apart from the paths the
   optimiser deletes (which the frontend checks): __builtin_unreachable()
   is assumed never reached, __builtin_assume(e) is __assume(e). */
__GV_FN __attribute__((noreturn)) void __gpuverify_unreachable(void);
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
__GV_EXPR bool __is_pow2(unsigned int);
__GV_EXPR bool __add_noovfl(unsigned int, unsigned int);
__GV_EXPR int __return_val_int(void);
__GV_EXPR bool __return_val_bool(void);
__GV_EXPR int __old_int(int);
__GV_EXPR bool __old_bool(bool);

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

/* GPUVerify spells "the two threads are in one group" `__same_group`,
 * without parentheses (a macro there). Without this macro the bare name
 * would be the function's address: always true in CUDA, an error in
 * OpenCL. The macro is self-referential, so its expansion calls the
 * function. In CUDA (C++) `__same_group()` keeps working too: the macro
 * yields an object both convertible to bool and callable. */
#if defined(__cplusplus)
struct __gv_same_group_t {
  __GV_FN __attribute__((always_inline)) operator bool() const { return __same_group(); }
  __GV_FN __attribute__((always_inline)) bool operator()() const { return __same_group(); }
};
#define __same_group (__gv_same_group_t())
#else
#define __same_group (__same_group())
#endif

#undef __GV_FN
#undef __GV_EXPR
#undef __GV_PTR_FN
#undef __GV_PTR_BOOL_FN
#endif
