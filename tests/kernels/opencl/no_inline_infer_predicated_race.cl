//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline
//possible write-write race on a
// Racy twin of no_inline_infer_predicated.cl: the predicated call writes
// the next thread's element, which that thread writes too.
void store(__global int *p, int i, int v) {
  p[i] = v;
}

__kernel void no_inline_infer_predicated_race(__global int *a) {
  int g = get_global_id(0);
  if (g % 2 == 0) store(a, g + 1, 1);
  store(a, g, 2);
}
