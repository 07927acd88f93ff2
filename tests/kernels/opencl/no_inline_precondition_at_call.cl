//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline
//no_inline_precondition_at_call\.cl:15:3: error: precondition might not hold
// With --no-inline a failing precondition is the caller's fault: it is
// reported at the call (line 15), not at the callee's `__requires`.
// The helper requires a local index, the kernel passes a global one.
void put(__local int *t, int i, int v) {
  __requires(i < 64);
  t[i] = v;
}

__kernel void no_inline_precondition_at_call(__global int *a) {
  __local int tile[64];
  int g = get_global_id(0);
  put(tile, g, a[g]);
}
