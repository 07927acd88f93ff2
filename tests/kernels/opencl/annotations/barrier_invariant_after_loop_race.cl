//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out
// A true barrier invariant does not hide a race: the slots now come in
// pairs (the low bit cleared), so two work items store to one element.
#define WG 64

__kernel void sum_reverse(__global const int *in, __global int *out) {
  __local int slot[WG];
  int t = get_local_id(0);
  int g = get_group_id(0);
  int acc = 0;
  for (int i = 0; i < 4; i++) {
    acc += in[g * 4 * WG + i * WG + t];
  }
  slot[t] = (WG - 1 - t) & ~1;
  __barrier_invariant_1(slot[t] == ((WG - 1 - t) & ~1), t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g * WG + slot[t]] = acc;
}
