//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible (write-read|read-write) race on slot
// A permission is a claim checked like an access: here the invariant is
// also instantiated for the right neighbour, whose slot the neighbour
// writes before the same barrier, so the claim races with that write.
#define BLOCK 64

__kernel void pair_sums(__global const float *in, __global float *out) {
  __local int slot[BLOCK];
  int t = get_local_id(0);
  int right = (t + 1) % BLOCK;
  int base = get_group_id(0) * BLOCK;
  slot[t] = BLOCK - 1 - t;
  __barrier_invariant_2(__read_permission(&slot[t]) & (slot[t] == BLOCK - 1 - t), t, right);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + t] = in[base + slot[t]] + in[base + slot[right]];
}
