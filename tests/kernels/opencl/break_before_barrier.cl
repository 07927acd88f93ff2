//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//barrier may be reached by non-uniform control flow
// Work item i leaves the loop at iteration i; the others go on to the
// barrier.
__kernel void break_before_barrier(__global int *a, int n) {
  int l = get_local_id(0);
  for (int i = 0; i < n; i++) {
    if (l == i) break;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a[l] = 0;
}
