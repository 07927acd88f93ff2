//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline --omit-infer=contract
//possible write-write race on a
// (`--omit-infer=contract`: inference would propose the missing contract
// and prove the kernel, see no_inline_infer_*.cl; this kernel checks that
// without a contract the modular proof fails.)
// Race-free when inlined (see pointer_param_function.cl), but with
// --no-inline the helper is verified for any caller: without a
// precondition about what was logged before the call, its write may race
// with an earlier one. The contract is missing, so it is not verified.
void store_at(__global int *p, int i, int v) { p[i] = v; }

__kernel void no_inline_missing_contract(__global int *a) {
  store_at(a, get_global_id(0), 3);
}
