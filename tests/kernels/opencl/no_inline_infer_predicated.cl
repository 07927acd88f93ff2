//pass
//--local_size=64 --num_groups=2 --no-inline
// `store` is called under a non-uniform branch, so the transform keeps it
// as a predicated procedure (entry predicates `_P$1`, `_P$2`). Inference
// proposes preconditions under the predicates (`_P$k ==> i$k == gid$k`)
// and the access-log contract; with them both calls are race-free.
void store(__global int *p, int i, int v) {
  p[i] = v;
}

__kernel void no_inline_infer_predicated(__global int *a) {
  int g = get_global_id(0);
  if (g % 2 == 0) store(a, g, 1);
  store(a, g, 2);
}
