//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --no-inline
//possible write-write race on a\[0\]
// Both threads of the pair are in the helper: every work item writes its
// own id to element 0.
void put0(__global int *p, int v) {
  __requires(__no_write(p));
  p[0] = v;
}

__kernel void no_inline_race_in_callee(__global int *a) {
  put0(a, get_local_id(0));
}
