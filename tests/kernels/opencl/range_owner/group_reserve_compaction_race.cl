//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=32 --cl-std=CL2.0 -DLO=16 -DHI=200
//Not verified: .*kernel `slot_not_bounded_by_step`
//Not verified: .*kernel `ranges_of_two_counters`
//Not verified: .*kernel `broadcast_from_idle_item`
//Not verified: .*kernel `reserve_one_write_many`
//Not verified: .*kernel `counter_reset_by_store`
// As group_reserve_compaction.cl, wrong: every work-item writes at
// base + lid although the group reserved only as many slots as it keeps;
// two counters hand out overlapping ranges into one buffer; the base is
// broadcast from work-item 1, which did not take it (everyone gets 0);
// the group reserves one slot but writes `kept` of them; the counter is
// also reset by a plain store, so its ranges may repeat.
#include "compaction.h"

__kernel void slot_not_bounded_by_step(__global const int *in, __global int *out,
                                       volatile __global uint *out_count) {
  const int v = in[get_global_id(0)];
  const uint keep = KEEP(v, LO, HI) ? 1u : 0u;
  const uint kept = work_group_reduce_add(keep);
  const uint base = reserve_for_group(out_count, kept);
  out[base + get_local_id(0)] = v;
}

__kernel void ranges_of_two_counters(__global const int *in, __global int *out,
                                     volatile __global uint *low_count,
                                     volatile __global uint *high_count) {
  const int v = in[get_global_id(0)];
  const uint low = v < LO ? 1u : 0u;
  const uint slot = work_group_scan_exclusive_add(low);
  const uint nlow = work_group_reduce_add(low);
  uint lbase = 0, hbase = 0;
  if (get_local_id(0) == 0) {
    lbase = atomic_add(low_count, nlow);
    hbase = atomic_add(high_count, nlow);
  }
  lbase = work_group_broadcast(lbase, 0);
  hbase = work_group_broadcast(hbase, 0);
  if (low) {
    if (v & 1)
      out[lbase + slot] = v;
    else
      out[hbase + slot] = v;
  }
}

__kernel void broadcast_from_idle_item(__global const int *in, __global int *out,
                                       volatile __global uint *out_count) {
  const int v = in[get_global_id(0)];
  const uint keep = KEEP(v, LO, HI) ? 1u : 0u;
  const uint slot = work_group_scan_exclusive_add(keep);
  const uint kept = work_group_reduce_add(keep);
  uint base = 0;
  if (get_local_id(0) == 0)
    base = atomic_add(out_count, kept);
  base = work_group_broadcast(base, 1);
  if (keep)
    out[base + slot] = v;
}

__kernel void reserve_one_write_many(__global const int *in, __global int *out,
                                     volatile __global uint *out_count) {
  const int v = in[get_global_id(0)];
  const uint keep = KEEP(v, LO, HI) ? 1u : 0u;
  const uint slot = work_group_scan_exclusive_add(keep);
  const uint kept = work_group_reduce_add(keep);
  uint base = 0, total = 0;
  if (get_local_id(0) == 0)
    base = atomic_add(out_count, 1u);
  else if (get_local_id(0) == 1)
    total = atomic_add(out_count, kept);
  base = work_group_broadcast(base, 0);
  if (keep)
    out[base + slot] = v + (int)total;
}

__kernel void counter_reset_by_store(__global const int *in, __global int *out,
                                     volatile __global uint *out_count) {
  const int v = in[get_global_id(0)];
  const uint keep = KEEP(v, LO, HI) ? 1u : 0u;
  const uint slot = work_group_scan_exclusive_add(keep);
  const uint kept = work_group_reduce_add(keep);
  if (get_global_id(0) == 0)
    *out_count = 0;
  const uint base = reserve_for_group(out_count, kept);
  if (keep)
    out[base + slot] = v;
}
