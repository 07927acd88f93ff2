//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//barrier may be reached by non-uniform control flow
// Work item 0 returns early; the others reach the barrier.
__kernel void return_before_barrier(__global int *a) {
  int l = get_local_id(0);
  if (l == 0) return;
  barrier(CLK_GLOBAL_MEM_FENCE);
  a[l] = 1;
}
