//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//barrier may be reached by non-uniform control flow
// A thread-dependent continue skips the barrier for some work items.
__kernel void continue_divergent_barrier(__global int *a, int n) {
  int l = get_local_id(0);
  for (int i = 0; i < n; i++) {
    if (l % 2 == 1) continue;
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  a[l] = 0;
}
