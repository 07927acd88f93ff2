// Tree reduction of each work group's slice of `data` in local memory;
// work item 0 writes the group's sum. The loop needs invariants, which
// the verifier infers.
__kernel void sum(__global int *data, __global int *sums) {
  __local int s[256];
  int lid = get_local_id(0);
  s[lid] = data[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
    if (lid < stride) {
      s[lid] += s[lid + stride];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    sums[get_group_id(0)] = s[0];
  }
}
