//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible write-read race on a\[
// Both fences, but the neighbour may be in the other group.
__kernel void fence_both_inter_group(__global int *a) {
  int g = get_global_id(0);
  a[g] = g;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  int x = a[(g + 1) % 128];
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  a[g] = x;
}
