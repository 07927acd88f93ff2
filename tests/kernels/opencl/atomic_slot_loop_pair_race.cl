//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out\[
// Racy twin of atomic_slot_loop.cl: every kept element writes two values
// but takes one slot, so a neighbour's slot overlaps the second write.
__kernel void compact_pairs(__global const float2 *in, __global float *out,
                            volatile __global int *count, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    float2 v = in[i];
    if (v.x > 0.0f) {
      int slot = atomic_inc(count);
      out[slot] = v.x;
      out[slot + 1] = v.y;
    }
  }
}
