//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-read race on a\[
// A local-only fence does not order accesses to global memory.
__kernel void fence_local_does_not_order_global(__global int *a, __global int *out) {
  int l = get_local_id(0);
  a[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = a[(l + 1) % 64];
}
