//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//barrier_invariant_wrong.cl:15:3: error: this assertion might not hold
// A barrier invariant that does not hold: two work items pick each slot.
// It is checked before the barrier, so it cannot hide the race after it.
#define BLOCK 64

__kernel void reverse_blocks(__global const float *in, __global float *out) {
  __local int slot[BLOCK];
  int t = get_local_id(0);
  int base = get_group_id(0) * BLOCK;
  slot[t] = (BLOCK - 1 - t) / 2;
  // (the invariant, as the author believed it)
  // Each work item states it for itself.
  __barrier_invariant_1(slot[t] == BLOCK - 1 - t, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + slot[t]] = in[base + t];
}
