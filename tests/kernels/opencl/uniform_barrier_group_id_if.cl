//pass
//--local_size=32 --num_groups=4
// A barrier under a branch on the group id: uniform within each group.
__kernel void uniform_barrier_group_id_if(__global int *a) {
  __local int s[32];
  int l = get_local_id(0);
  s[l] = l;
  if (get_group_id(0) % 2 == 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = s[(l + 1) % 32];
  }
}
