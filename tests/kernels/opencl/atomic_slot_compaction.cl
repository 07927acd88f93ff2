//pass
//--local_size=64 --num_groups=8
//the atomic counter `count` is only incremented and does not wrap around
// Stream compaction: every work item with a positive input takes the next
// slot of a global counter. atomic_inc returns a different value to every
// work item (the counter is only incremented and does not wrap), so the
// writes to out[slot] never collide.

__kernel void compact_positive(__global int *out, __global uint *count,
                               __global const int *in) {
  int v = in[get_global_id(0)];
  if (v > 0)
    out[atomic_inc(count)] = v;
}

__kernel void compact_indices(__global uint *indices, volatile __global int *count,
                              __global const float *score, float threshold) {
  uint i = get_global_id(0);
  if (score[i] >= threshold) {
    int slot = atomic_add(count, 1);
    indices[slot] = i;
  }
}

// Pairs: atomic_add(count, 2) reserves two slots; results differ by at
// least 2 (every step is a multiple of 2), so slot and slot + 1 are free.
__kernel void compact_pairs(__global int *out, __global int *count,
                            __global const int2 *in) {
  int2 v = in[get_global_id(0)];
  if (v.x > 0) {
    int slot = atomic_add(count, 2);
    out[slot] = v.x;
    out[slot + 1] = v.y;
  }
}
