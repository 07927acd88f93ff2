//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//barrier_invariant_other_thread.cl:16:3: error: this assertion might not hold
// A barrier invariant instantiated for the neighbour: work item t states
// it about slot[t + 1], which the neighbour writes. A work item's view of
// an element another one wrote since the barrier is not exact in the
// two-thread model, so the invariant may only read elements its own work
// item accessed (the access check); this one is refused.
#define BLOCK 64

__kernel void reverse_blocks(__global const float *in, __global float *out) {
  __local int slot[BLOCK];
  int t = get_local_id(0);
  int base = get_group_id(0) * BLOCK;
  slot[t] = BLOCK - 1 - t;
  __barrier_invariant_2(slot[t] == BLOCK - 1 - t, t, (t + 1) % BLOCK);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + slot[t]] = in[base + t];
}
