//pass
//--local_size=128 --num_groups=4
// Pairwise swap through an index table: each work item writes two slots
// of the local index table (2t and 2t+1) and after the barrier copies the
// two elements they name. The barrier invariant is instantiated for both
// slots the work item wrote (the instantiation replaces the local id).
#define WG 128

__kernel void pair_swap(__global const int *in, __global int *out) {
  __local int idx[2 * WG];
  int t = get_local_id(0);
  int base = get_group_id(0) * 2 * WG;
  idx[2 * t] = 2 * t + 1;
  idx[2 * t + 1] = 2 * t;
  __barrier_invariant_1((idx[2 * t] == 2 * t + 1) & (idx[2 * t + 1] == 2 * t), t);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + idx[2 * t]] = in[base + 2 * t];
  out[base + idx[2 * t + 1]] = in[base + 2 * t + 1];
}
