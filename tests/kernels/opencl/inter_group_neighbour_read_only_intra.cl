//pass
//--local_size=64 --num_groups=2 --only-intra-group
// inter_group_neighbour_read with --only-intra-group: the only race is
// between groups, and that check is off.
__kernel void inter_group_neighbour_read_only_intra(__global int *a, __global int *out) {
  int g = get_global_id(0);
  a[g] = g;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[g] = a[(g + 1) % 128];
}
