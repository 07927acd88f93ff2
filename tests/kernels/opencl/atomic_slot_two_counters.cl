//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out\[
// Twin of atomic_slot_compaction.cl: even and odd work items draw slots
// from two different counters, which hand out the same values.

__kernel void compact_two_counters(__global int *out, __global uint *count,
                                   __global const int *in) {
  int v = in[get_global_id(0)];
  if (v > 0)
    out[atomic_inc(&count[get_global_id(0) & 1])] = v;
}
