//pass
//--local_size=64 --num_groups=8
// Sum four strided inputs per work item, then store the sums in reverse
// order through a slot table. The thread id the invariant instantiates is
// computed before the loop (another block): it is still replaced.
#define WG 64

__kernel void sum_reverse(__global const int *in, __global int *out) {
  __local int slot[WG];
  int t = get_local_id(0);
  int g = get_group_id(0);
  int acc = 0;
  for (int i = 0; i < 4; i++) {
    acc += in[g * 4 * WG + i * WG + t];
  }
  slot[t] = WG - 1 - t;
  __barrier_invariant_1(slot[t] == WG - 1 - t, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g * WG + slot[t]] = acc;
}
