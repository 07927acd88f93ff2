//xfail:UNSUPPORTED
//--local_size=64 --num_groups=2
//does not fold into one expression.*write `&`
// `&&` in a barrier invariant compiles to branches; the instantiation could
// not reach the part after the branch, so the frontend asks for `&`.
__kernel void short_circuit(__global int *out) {
  __local int s[64];
  int t = get_local_id(0);
  s[t] = t;
  __barrier_invariant_1(s[t] >= 0 && s[t] == t, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 64 + s[t]] = t;
}
