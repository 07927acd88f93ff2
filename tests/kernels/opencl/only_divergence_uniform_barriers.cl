//pass
//--local_size=64 --num_groups=1 --only-divergence
// Uniform barriers only (the race on a[0] is not checked).
__kernel void only_divergence_uniform_barriers(__global int *a, int n) {
  a[0] = get_local_id(0);
  if (n > 0) barrier(CLK_GLOBAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE);
}
