//pass
//--local_size=32 --num_groups=1
__kernel void barrier_in_uniform_branch(__global int *a, int flag) {
  a[get_local_id(0)] = 0;
  if (flag > 0) {
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}
