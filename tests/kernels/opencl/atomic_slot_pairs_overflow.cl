//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out\[
// Twin of compact_pairs in atomic_slot_compaction.cl: two slots reserved,
// three written; slot + 2 is the next work item's first slot.

__kernel void compact_pairs_overflow(__global int *out, __global int *count,
                                     __global const int2 *in) {
  int2 v = in[get_global_id(0)];
  if (v.x > 0) {
    int slot = atomic_add(count, 2);
    out[slot] = v.x;
    out[slot + 1] = v.y;
    out[slot + 2] = 0;
  }
}
