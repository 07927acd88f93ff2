//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline
//possible write-write race on a
// Racy twin of no_inline_infer_contract.cl: the second call writes the
// neighbour's element. No inferred precondition survives both call sites
// in a form that hides it: the race is reported.
void store(__global int *p, int i, int v) {
  p[i] = v;
}

__kernel void no_inline_infer_contract_race(__global int *a) {
  store(a, get_global_id(0), 1);
  store(a, get_global_id(0) + 1, 2);
}
