//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// barrier_invariant_prefix_indices.cl with a real bug: the prefix counts
// `in > 1` but the work item keeps `in > 0`, so a kept work item holding
// 1 is not counted and its successor takes its slot (a race on `out`). The
// annotations no longer hold: reported.
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
      s += in[base + i] > 1;
  }
  keep[t] = mine;
  slot[t] = s;
  __barrier_invariant_1(slot[t] >= 0 & slot[t] <= t, t);
  __barrier_invariant_binary_1(
      __implies(get_local_id(0) < __other_int(get_local_id(0)) & keep[get_local_id(0)] != 0,
                slot[get_local_id(0)] < slot[__other_int(get_local_id(0))]),
      get_local_id(0), __other_int(get_local_id(0)));
  barrier(CLK_LOCAL_MEM_FENCE);
  if (keep[t])
    out[base + slot[t]] = in[base + t];
}
