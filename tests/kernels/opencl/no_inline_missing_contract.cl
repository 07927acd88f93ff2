//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-inline
//possible write-write race on a
// Race-free when inlined (see pointer_param_function.cl), but with
// --no-inline the helper is verified for any caller: without a
// precondition about what was logged before the call, its write may race
// with an earlier one. The contract is missing, so it is not verified.
void store_at(__global int *p, int i, int v) { p[i] = v; }

__kernel void no_inline_missing_contract(__global int *a) {
  store_at(a, get_global_id(0), 3);
}
