//pass
//--local_size=64 --num_groups=8
// Two phases: the slots are published, then (after a first barrier) each
// work item stages its input, and only after a second barrier uses its
// slot. The second barrier invariant claims the slot with
// `__read_permission` (checked like a read: no work item writes a slot
// between the barriers), then states its value again.
#define BLOCK 64

__kernel void reverse_late(__global const float *in, __global float *out) {
  __local int slot[BLOCK];
  __local float scratch[BLOCK];
  int t = get_local_id(0);
  int base = get_group_id(0) * BLOCK;
  slot[t] = BLOCK - 1 - t;
  __barrier_invariant_1(slot[t] == BLOCK - 1 - t, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  scratch[t] = in[base + t];
  __barrier_invariant_1(__read_permission(&slot[t]) & (slot[t] == BLOCK - 1 - t), t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + slot[t]] = scratch[t];
}
