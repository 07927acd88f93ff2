//pass
//--local_size=64 --num_groups=1
__kernel void global_barrier_both_fences(__global int *a, __local int *s) {
  a[get_local_id(0)] = 1;
  s[get_local_id(0)] = 2;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  a[(get_local_id(0) + 1) % 64] += s[(get_local_id(0) + 1) % 64];
}
