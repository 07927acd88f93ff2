//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline
//precondition might not hold
// The kernel writes a[gid]; the helper then reads the neighbour's element.
// The helper is proved race-free only if nothing was written to `p`
// before the call (its precondition), which the caller cannot show: the
// race between the caller's write and the callee's read is found at the
// call.
int load_next(__global int *p, int i) {
  __requires(i == get_global_id(0));
  __requires(__no_write(p));
  return p[(i + 1) % 128];
}

__kernel void no_inline_caller_then_callee(__global int *a, __global int *b) {
  a[get_global_id(0)] = 1;
  b[get_global_id(0)] = load_next(a, get_global_id(0));
}
