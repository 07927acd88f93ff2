//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-read race on a\[
// Local memory is ordered by the local fence, but the global read of a
// neighbour's element is not.
__kernel void fence_local_then_global_read(__global int *a) {
  __local int s[64];
  int l = get_local_id(0);
  s[l] = l;
  a[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  int x = s[(l + 1) % 64] + a[(l + 1) % 64];
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  a[l] = x;
}
