//pass
//--local_size=64 --num_groups=1
// Both fence flags order local and global memory.
__kernel void fence_both_orders_both(__global int *a) {
  __local int s[64];
  int l = get_local_id(0);
  s[l] = l;
  a[l] = 2 * l;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  a[(l + 3) % 64] = s[(l + 5) % 64] + a[(l + 3) % 64];
}
