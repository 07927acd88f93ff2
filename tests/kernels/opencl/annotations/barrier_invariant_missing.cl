//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out
// The twin of barrier_invariant_reverse.cl without its barrier invariant:
// after the barrier `slot` holds unknown values, so two work items may
// write the same element of `out`.
#define BLOCK 64

__kernel void reverse_blocks(__global const float *in, __global float *out) {
  __local int slot[BLOCK];
  int t = get_local_id(0);
  int base = get_group_id(0) * BLOCK;
  slot[t] = BLOCK - 1 - t;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + slot[t]] = in[base + t];
}
