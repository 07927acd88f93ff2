//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=64 --kernel-args=compact_local,16384 --kernel-args=compact_atomic,16384
//race on out\[
//Verified: .*kernel `compact_atomic`
// The scatter `out[offsets[group] + rank]` is race-free only for the
// offsets the host computes (an exclusive scan of the group counts);
// for arbitrary offsets two groups can write one element, so a race is
// the right verdict without a precondition on the offsets array.
// Stream compaction within a work-group: flags, a local exclusive scan
// (Hillis-Steele into a second buffer), scatter to the group's output
// offset; the group's count goes out for the host's second pass.
__kernel void compact_local(__global const int *in, __global int *out, __global int *groupCounts,
                            __global const int *groupOffsets, int n) {
  __local int a[256];
  __local int b[256];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int v = gid < n ? in[gid] : 0;
  int keep = v != 0;
  a[lid] = keep;
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *src = a, *dst = b;
  for (int off = 1; off < 256; off <<= 1) {
    dst[lid] = src[lid] + (lid >= off ? src[lid - off] : 0);
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *t = src; src = dst; dst = t;
  }
  int rank = src[lid] - keep;
  if (keep) out[groupOffsets[get_group_id(0)] + rank] = v;
  if (lid == 255) groupCounts[get_group_id(0)] = src[255];
}

__kernel void compact_atomic(__global const int *in, __global int *out, __global int *count, int n) {
  int gid = get_global_id(0);
  if (gid < n) {
    int v = in[gid];
    if (v != 0) out[atomic_inc(count)] = v;
  }
}
