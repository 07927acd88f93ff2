//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out\[
// Twin of atomic_slot_compaction.cl: work item 0 resets the counter with
// atomic_xchg, so a slot can be handed out twice (the counter is not only
// incremented: no distinctness is assumed).

__kernel void compact_with_reset(__global int *out, __global uint *count,
                                 __global const int *in) {
  int v = in[get_global_id(0)];
  if (get_global_id(0) == 0)
    atomic_xchg(count, 0u);
  if (v > 0)
    out[atomic_inc(count)] = v;
}
