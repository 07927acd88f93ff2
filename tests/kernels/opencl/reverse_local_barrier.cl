//pass
//--local_size=128 --num_groups=4
// Reverse each group's chunk through local memory.
__kernel void reverse_local_barrier(__global int *a) {
  __local int s[128];
  int l = get_local_id(0);
  int g = get_global_id(0);
  s[l] = a[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  a[g] = s[127 - l];
}
