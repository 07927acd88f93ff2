//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --loop-unwind=3
//barrier may be reached by non-uniform control flow
// A uniform outer loop around an inner loop whose bound depends on
// the work item: the inner barrier diverges.
__kernel void divergent_barrier_nested_loop(__global int *a, int n) {
  int l = get_local_id(0);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < (l % 2) + 1; j++) {
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  a[get_global_id(0)] = l;
}
