//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16 --cl-std=CL2.0
//possible write-write race on out\[
// As cl20_compact_scan.cl, but every pixel writes at the prefix count,
// dark ones included: a dark pixel and the next bright one share a slot.
#include "common.h"

global atomic_uint bright_count = ATOMIC_VAR_INIT(0);

__kernel void compact_bright_all_write(__global const float4 *px, __global uint *out,
                                       float threshold) {
  const uint gid = get_global_id(0);
  const uint bright = luma709(px[gid]) > threshold ? 1u : 0u;
  const uint offset = work_group_scan_exclusive_add(bright);
  const uint total = work_group_reduce_add(bright);
  uint base = 0;
  if (get_local_id(0) == 0)
    base = atomic_fetch_add_explicit(&bright_count, total, memory_order_relaxed,
                                     memory_scope_device);
  base = work_group_broadcast(base, 0);
  out[base + offset] = gid;
}
