//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --only-divergence
//barrier may be reached by non-uniform control flow
// Barrier divergence is still reported with --only-divergence.
__kernel void only_divergence_reports_divergence(__global int *a) {
  if (get_local_id(0) > 10) barrier(CLK_GLOBAL_MEM_FENCE);
  a[0] = get_local_id(0);
}
