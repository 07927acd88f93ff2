//pass
//--local_size=64 --num_groups=1 --only-divergence
// A write-write race, but only barrier divergence is checked.
__kernel void only_divergence_ignores_race(__global int *a) {
  a[0] = get_local_id(0);
  barrier(CLK_GLOBAL_MEM_FENCE);
}
