//pass
//--local_size=64 --num_groups=2
// A local fence orders local memory.
__kernel void fence_local_orders_local(__global int *out) {
  __local int s[64];
  int l = get_local_id(0);
  s[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[(l + 1) % 64];
}
