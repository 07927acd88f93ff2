//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1
__kernel void barrier_in_divergent_branch(__global int *a) {
  if (get_local_id(0) < 16) {
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  a[get_local_id(0)] = 1;
}
