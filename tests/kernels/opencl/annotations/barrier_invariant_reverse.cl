//pass
//--local_size=64 --num_groups=8
// Each group reverses its block of `in`: every work item computes the slot
// it moves to, publishes it in local memory, and after the barrier writes
// there. The slots are data: without the barrier invariant the verifier
// knows nothing of `slot` after the barrier and reports a race on `out`.
#define BLOCK 64

__kernel void reverse_blocks(__global const float *in, __global float *out) {
  __local int slot[BLOCK];
  int t = get_local_id(0);
  int base = get_group_id(0) * BLOCK;
  slot[t] = BLOCK - 1 - t;
  __barrier_invariant_1(slot[t] == BLOCK - 1 - t, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + slot[t]] = in[base + t];
}
