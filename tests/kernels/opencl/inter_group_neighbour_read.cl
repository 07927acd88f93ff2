//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible write-read race on a\[
// Work item 63 of group 0 reads a[64], which work item 0 of group 1
// writes: a barrier cannot order work items of different groups.
__kernel void inter_group_neighbour_read(__global int *a, __global int *out) {
  int g = get_global_id(0);
  a[g] = g;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[g] = a[(g + 1) % 128];
}
