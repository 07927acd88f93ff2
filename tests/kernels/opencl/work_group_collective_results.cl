//pass
//--local_size=64 --num_groups=4 --cl-std=CL2.0
// Results of OpenCL 2.0 collectives used as real code uses them: a
// reduction's value is the same in every work-item, so a barrier under a
// branch on it is not divergent; the exclusive prefix count of a 0/1 flag
// gives every flagged work-item its own slot of the group's range.
__kernel void smooth_if_any_active(__global const float *in, __global float *out) {
  __local float tile[64];
  const int lid = get_local_id(0);
  const int active = work_group_reduce_add(in[get_global_id(0)] > 0.0f ? 1 : 0);
  if (active > 0) {
    tile[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = 0.5f * (tile[lid] + tile[(lid + 1) % 64]);
  }
}

__kernel void compact_positive(__global const int *in, __global int *out) {
  const int v = in[get_global_id(0)];
  const uint keep = v > 0;
  const uint slot = work_group_scan_exclusive_add(keep);
  if (keep)
    out[get_group_id(0) * 64 + slot] = v;
}

__kernel void compact_positive_inclusive(__global const int *in, __global int *out) {
  const int v = in[get_global_id(0)];
  const uint keep = v > 0 ? 1u : 0u;
  const uint end = work_group_scan_inclusive_add(keep);
  if (keep)
    out[get_group_id(0) * 64 + end - 1] = v;
}
