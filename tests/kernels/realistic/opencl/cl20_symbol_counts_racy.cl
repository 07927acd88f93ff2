//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=64 --cl-std=CL2.0 -DSYMBOLS=64 --kernel-args=count_symbols,65536
//possible [a-z-]+ race on present\[
// The racy twin of cl20_symbol_counts.cl: the byte flag is set with a
// plain store, racing with the atomic updates other work-items make to
// the same flag.
// Symbol statistics of an entropy coder (OpenCL 2.0 style): per-group
// counts in local memory with C11 atomics (atomic_uint), 16-bit run-length
// counters with the GNU __atomic builtins, "symbol present" byte flags,
// a grid-stride loop over the input; the group's counts are merged into
// the global table after a work_group_barrier.
#ifndef SYMBOLS
#define SYMBOLS 64
#endif

typedef struct { ushort runs[SYMBOLS]; } run_table_t;

__kernel void count_symbols(__global const uchar *input, uint n, __global uint *counts,
                            __global run_table_t *runs, __global uchar *present) {
  __local atomic_uint local_counts[SYMBOLS];
  const uint lid = get_local_id(0);
  for (uint s = lid; s < SYMBOLS; s += get_local_size(0))
    atomic_init(&local_counts[s], 0u);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    const uchar sym = input[i] % SYMBOLS;
    atomic_fetch_add_explicit(&local_counts[sym], 1u, memory_order_relaxed,
                              memory_scope_work_group);
    if (i + 1 < n && input[i + 1] % SYMBOLS == sym)
      __atomic_fetch_add(&runs->runs[sym], (ushort)1, __ATOMIC_RELAXED);
    present[sym] = 1;
    __atomic_fetch_or(&present[SYMBOLS - 1 - sym], (uchar)2, __ATOMIC_RELAXED);
  }
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = lid; s < SYMBOLS; s += get_local_size(0))
    atomic_fetch_add((volatile __global atomic_uint *)&counts[s],
                     atomic_load_explicit(&local_counts[s], memory_order_relaxed));
}
