//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline --omit-infer=contract
//possible write-write race on a
// (`--omit-infer=contract`: inference would propose the missing contract
// and prove the kernel, see no_inline_infer_*.cl; this kernel checks that
// without a contract the modular proof fails.)
// `ident` returns its argument, but its postcondition only bounds the
// result: the caller sees an arbitrary index in range per thread and
// cannot prove its writes distinct. (Inlined, the kernel is race-free;
// see no_inline_strong_postcondition.cl.)
int ident(int x) {
  __requires(x >= 0 && x < 64);
  __ensures(__return_val_int() >= 0 && __return_val_int() < 64);
  return x;
}

__kernel void no_inline_weak_postcondition(__global int *a) {
  a[get_group_id(0) * 64 + ident(get_local_id(0))] = get_local_id(0);
}
