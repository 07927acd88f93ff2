//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-read race on s\[
// A global-only fence does not order accesses to local memory.
__kernel void fence_global_does_not_order_local(__global int *out) {
  __local int s[64];
  int l = get_local_id(0);
  s[l] = l;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[l] = s[(l + 1) % 64];
}
