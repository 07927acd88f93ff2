//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out\[
// barrier_invariant_prefix_indices.cl without its barrier invariants:
// after the barrier the slots are forgotten, so two kept work items may
// have the same slot as far as the verifier knows: reported.
#define WG 64

__kernel void compact(__global const int *in, __global int *out) {
  __local int keep[WG];
  __local int slot[WG];
  int t = get_local_id(0);
  int base = get_group_id(0) * WG;
  int mine = in[base + t] > 0;
  int s = 0;
  for (int i = 0;
       __invariant(s >= 0 & s <= i & s <= t),
       __invariant(__implies(__same_group & i <= t & i <= __other_int(t), s == __other_int(s))),
       __invariant(__implies(__same_group & t < __other_int(t) & i > t,
                             s + mine <= __other_int(s))),
       __invariant(__implies(__same_group & t < __other_int(t), s <= __other_int(s))),
       i < WG; i++) {
    if (i < t)
      s += in[base + i] > 0;
  }
  keep[t] = mine;
  slot[t] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (keep[t])
    out[base + slot[t]] = in[base + t];
}
