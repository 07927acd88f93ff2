//pass
//--local_size=64 --num_groups=2 --no-inline
// As no_inline_contract.cl without any annotation: inference proposes the
// contract of `store` (rule `contract`): `i$k` is the thread's global id,
// `p == 0`, and what was written before and after the call is at `p + i`
// of the logging thread. Both calls' preconditions are checked in the
// kernel, and the second call is race-free thanks to the postcondition.
void store(__global int *p, int i, int v) {
  p[i] = v;
}

__kernel void no_inline_infer_contract(__global int *a) {
  store(a, get_global_id(0), 1);
  store(a, get_global_id(0), 2);
}
