//xfail:UNSUPPORTED
//--local_size=64 --num_groups=4 --cl-std=CL2.0
//unsupported: `atomic_fetch_add_explicit` with memory_scope_work_group on `count`.*\(in `bump`\)
//unsupported: `atomic_fetch_add_explicit` with memory_scope_work_group on `count`.*\(in `generic_group_scope`\)
//unsupported: `atomic_flag_test_and_set_explicit` with memory_scope_work_group on `lock`.*\(in `flag_lock`\)
//unsupported: `atomic_compare_exchange_strong_explicit` with memory_scope_work_group on `owner`.*\(in `cas_claim`\)
//unsupported: `atomic_exchange_explicit` with memory_scope_work_group on `last`.*\(in `xchg_group`\)
//unsupported: `atomic_fetch_add_explicit` with memory_scope_work_group on `count`.*\(in `macro_group`\)
//unsupported: `atomic_fetch_add_explicit` with memory_scope_work_group on `count`.*\(in `range_group_scope`\)
// s11 review, attacks on the OpenCL memory_scope refusal
// (lower/opencl_builtins.rs check_atomic_scope): work-group-scoped atomics
// on __global memory every group uses, written the ways real code hides
// them: in a helper, through a generic pointer, as a spin lock on an
// atomic_flag, a six-argument compare-exchange, an exchange, a macro, and
// as the reservation of the range-owner pattern (a group-scoped add would
// hand two groups the same range). Each would race between groups; each is
// refused (exit 4), none verified.

typedef struct {
  volatile __global atomic_uint *count;
} slot_queue;

static uint bump(volatile __global atomic_uint *c) {
  return atomic_fetch_add_explicit(c, 1u, memory_order_relaxed, memory_scope_work_group);
}

__kernel void helper_group_scope(__global int *out, volatile __global atomic_uint *count) {
  slot_queue q = {count};
  out[bump(q.count)] = (int)get_global_id(0);
}

__kernel void generic_group_scope(__global int *out, __global atomic_uint *count) {
  atomic_uint *p = count;
  const uint s = atomic_fetch_add_explicit(p, 1u, memory_order_relaxed, memory_scope_work_group);
  out[s] = 1 + (int)get_global_id(0);
}

__kernel void flag_lock(__global int *data, __global atomic_flag *lock) {
  while (atomic_flag_test_and_set_explicit(lock, memory_order_acquire, memory_scope_work_group))
    ;
  data[0] += 1;
  atomic_flag_clear_explicit(lock, memory_order_release, memory_scope_work_group);
}

__kernel void cas_claim(__global int *out, __global atomic_int *owner) {
  int expected = 0;
  if (atomic_compare_exchange_strong_explicit(owner, &expected, (int)get_global_id(0) + 1,
                                              memory_order_relaxed, memory_order_relaxed,
                                              memory_scope_work_group))
    out[0] = (int)get_global_id(0);
}

__kernel void xchg_group(__global int *out, __global atomic_int *last) {
  const int prev = atomic_exchange_explicit(last, (int)get_global_id(0), memory_order_relaxed,
                                            memory_scope_work_group);
  out[get_global_id(0)] = prev;
}

#define GROUP_ADD(p, v) \
  atomic_fetch_add_explicit((p), (v), memory_order_relaxed, memory_scope_work_group)

__kernel void macro_group(__global int *out, __global atomic_uint *count) {
  out[GROUP_ADD(count, 1u)] = 7 + (int)get_global_id(0);
}

__kernel void range_group_scope(__global int *out, volatile __global atomic_uint *count) {
  const uint lid = get_local_id(0);
  uint base = 0;
  if (lid == 0)
    base = atomic_fetch_add_explicit(count, 64u, memory_order_relaxed, memory_scope_work_group);
  base = work_group_broadcast(base, 0);
  out[base + lid] = (int)get_global_id(0);
}
