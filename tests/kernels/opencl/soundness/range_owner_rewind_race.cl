//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --cl-std=CL2.0
//kernel `rewind_by_signed_step`\): 1 possible defect
//kernel `scaled_slot`\): 1 possible defect
//kernel `reserve_then_exchange`\): 1 possible defect
// s10 review, attacks on the range-owner fact (a group's atomic-add
// reservation broadcast from work-item 0, lower/range_owner.rs): ranges
// [old, old + step) are disjoint only while the counter only grows.
// - rewind_by_signed_step: a second add with a run-time step (a kernel
//   argument, negative on the host's call) rewinds the counter, so the next
//   group reserves the same range: both write out[base + slot];
// - scaled_slot: the write index is not base + prefix but base / 16 +
//   lid, which overlaps between groups (the fact applies only to indices
//   inside the group's range, so it must not hide this);
// - reserve_then_exchange: the counter is reset by an exchange.

__kernel void rewind_by_signed_step(__global const int *in, __global int *out,
                                    volatile __global uint *count, int rewind) {
  const uint lid = get_local_id(0);
  const uint keep = in[get_global_id(0)] > 0 ? 1u : 0u;
  const uint slot = work_group_scan_exclusive_add(keep);
  const uint kept = work_group_reduce_add(keep);
  uint base = 0;
  if (lid == 0)
    base = atomic_add(count, kept);
  base = work_group_broadcast(base, 0);
  if (keep)
    out[base + slot] = (int)get_global_id(0);
  if (lid == 1)
    atomic_add(count, rewind);
}

__kernel void scaled_slot(__global int *out, volatile __global uint *count) {
  const uint lid = get_local_id(0);
  uint base = 0;
  if (lid == 0)
    base = atomic_add(count, 64u);
  base = work_group_broadcast(base, 0);
  out[(base >> 4) + lid] = (int)get_global_id(0);
}

__kernel void reserve_then_exchange(__global int *out, volatile __global uint *count) {
  const uint lid = get_local_id(0);
  uint base = 0;
  if (lid == 0)
    base = atomic_add(count, 64u);
  base = work_group_broadcast(base, 0);
  out[base + lid] = (int)get_global_id(0);
  if (lid == 63)
    atomic_xchg(count, 0u);
}
