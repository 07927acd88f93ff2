//pass
//--local_size=64 --num_groups=1
// A global fence orders global memory within the (single) group.
__kernel void fence_global_orders_global(__global int *a) {
  int l = get_local_id(0);
  a[l] = l;
  barrier(CLK_GLOBAL_MEM_FENCE);
  a[(l + 1) % 64] += 1;
}
