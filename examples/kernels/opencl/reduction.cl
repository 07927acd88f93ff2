//pass
//--local_size=256 --num_groups=64
// Sum of each group's 256 elements, tree reduction in local memory;
// work item 0 writes the group's partial sum.
__kernel void reduction(__global const int *in, __global int *partial,
                        __local int *scratch) {
  size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
