//pass
//--local_size=64 --num_groups=8
// Stream compaction with a prefix sum computed by each work item (the sum
// of the flags before it), its result used as the work item's output
// slot. After the barrier the slots are shared memory the two-thread
// model forgets; the binary barrier invariant (GPUVerify's idiom: the work
// item and __other_int of it) keeps that kept work items have increasing
// slots, and the unary one that a slot stays inside the group's range.
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
  __barrier_invariant_1(slot[t] >= 0 & slot[t] <= t, t);
  __barrier_invariant_binary_1(
      __implies(get_local_id(0) < __other_int(get_local_id(0)) & keep[get_local_id(0)] != 0,
                slot[get_local_id(0)] < slot[__other_int(get_local_id(0))]),
      get_local_id(0), __other_int(get_local_id(0)));
  barrier(CLK_LOCAL_MEM_FENCE);
  if (keep[t])
    out[base + slot[t]] = in[base + t];
}
