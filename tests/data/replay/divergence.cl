// A barrier only the first half of the group reaches.
__kernel void divergence(__global int *a) {
  int l = get_local_id(0);
  if (l < 16)
    barrier(CLK_LOCAL_MEM_FENCE);
  a[get_global_id(0)] = l;
}
