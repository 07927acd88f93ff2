//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//__barrier_invariant_binary_N.*not supported yet
// The pairwise form is declared (clang accepts it) and refused with a
// located message.
__kernel void pairwise(__global int *out, __local int *s) {
  int t = get_local_id(0);
  s[t] = t;
  __barrier_invariant_binary_1(s[t] < s[(t + 1) % 64] || t == 63, t, (t + 1) % 64);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[s[t]] = t;
}
