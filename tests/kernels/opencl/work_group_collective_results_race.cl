//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --cl-std=CL2.0
//Not verified: .*kernel `smooth_if_prefix_active`
//Not verified: .*kernel `compact_counts_not_flags`
//Not verified: .*kernel `compact_every_item`
// As work_group_collective_results.cl, wrong: a scan's value differs
// between work-items (the barrier under it diverges); a prefix sum of
// counts (not 0/1 flags) gives no distinct slots; writing the slot of
// unflagged work-items too collides with the next flagged one.
__kernel void smooth_if_prefix_active(__global const float *in, __global float *out) {
  __local float tile[64];
  const int lid = get_local_id(0);
  const int before = work_group_scan_inclusive_add(in[get_global_id(0)] > 0.0f ? 1 : 0);
  if (before > 0) {
    tile[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = 0.5f * (tile[lid] + tile[(lid + 1) % 64]);
  }
}

__kernel void compact_counts_not_flags(__global const uint *count, __global int *out) {
  const uint slot = work_group_scan_exclusive_add(count[get_global_id(0)]);
  out[get_group_id(0) * 64 + (slot & 63)] = get_global_id(0);
}

__kernel void compact_every_item(__global const int *in, __global int *out) {
  const int v = in[get_global_id(0)];
  const uint slot = work_group_scan_exclusive_add(v > 0 ? 1u : 0u);
  out[get_group_id(0) * 64 + slot] = v;
}
