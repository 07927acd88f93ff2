//pass
//--local_size=64 --num_groups=32 --cl-std=CL2.0 -DLO=16 -DHI=200
// Stream compaction, OpenCL 2.0 style: each work-group counts its kept
// elements, reserves that many output slots with one atomic_add on a
// global counter (work-item 0), broadcasts the base and writes each kept
// element at base + its exclusive prefix.
#include "compaction.h"

__kernel void compact_range(__global const int *in, __global int *out,
                            volatile __global uint *out_count) {
  const size_t gid = get_global_id(0);
  const int v = in[gid];
  const uint keep = KEEP(v, LO, HI) ? 1u : 0u;
  const uint slot = work_group_scan_exclusive_add(keep);
  const uint kept = work_group_reduce_add(keep);
  uint base = 0;
  if (get_local_id(0) == 0)
    base = atomic_add(out_count, kept);
  base = work_group_broadcast(base, 0);
  if (keep)
    out[base + slot] = v;
}

// The same with an inclusive scan and the C11 atomic on a program-scope
// counter.
global atomic_uint nonzero_count = ATOMIC_VAR_INIT(0);

__kernel void compact_nonzero(__global const float *in, __global uint *idx) {
  const uint gid = get_global_id(0);
  const uint nz = in[gid] != 0.0f ? 1u : 0u;
  const uint upto = work_group_scan_inclusive_add(nz);
  const uint total = work_group_reduce_add(nz);
  uint first = 0;
  if (get_local_id(0) == 0)
    first = atomic_fetch_add_explicit(&nonzero_count, total, memory_order_relaxed,
                                      memory_scope_device);
  first = work_group_broadcast(first, 0);
  if (nz)
    idx[first + upto - 1] = gid;
}

// A chunk of one slot per work-item, reserved by the group's first
// work-item (the step is the work-group size, read before the branch).
__kernel void append_chunk(__global const float4 *in, __global float4 *out,
                           volatile __global uint *cursor) {
  const uint lid = get_local_id(0);
  const uint n = get_local_size(0);
  uint start = 0;
  if (lid == 0)
    start = atomic_add(cursor, n);
  start = work_group_broadcast(start, 0);
  out[start + lid] = in[get_group_id(0) * n + lid];
}

