//pass
//--local_size=64 --num_groups=8
//the atomic counter `count` is only incremented and does not wrap around .*advancing by less than 1/16 of its range
// Compaction into records of several elements: the slot from atomic_inc is
// scaled by the record size (`out[2 * slot + 1]`, `out[slot * 4 + k]`).
// Distinct slots give disjoint records as long as the counter hands out
// fewer than 2^28 slots in the launch (assumed, printed).

typedef struct {
  float x, y, z, w;
} particle_t;

// (key, value) pairs of the kept elements, interleaved.
__kernel void emit_pairs(__global const int *keys, __global const int *vals, __global int *out,
                         __global int *count) {
  int gid = get_global_id(0);
  int k = keys[gid];
  if (k >= 0) {
    int slot = atomic_inc(count);
    out[2 * slot] = k;
    out[2 * slot + 1] = vals[gid];
  }
}

// Live particles copied out as four floats each, lane by lane.
__kernel void emit_particles(__global const float4 *pos, __global float *out, __global uint *count) {
  int gid = get_global_id(0);
  float4 p = pos[gid];
  if (p.w > 0.0f) {
    uint slot = atomic_inc(count);
    for (int k = 0; k < 4; ++k)
      out[slot * 4 + k] = k == 0 ? p.x : k == 1 ? p.y : k == 2 ? p.z : p.w;
  }
}

// Two slots per element in a grid-stride loop: the record of slot s is
// out[2s], out[2s+1].
__kernel void emit_edges(__global const int2 *edges, int m, __global int *out, __global int *count) {
  for (int e = get_global_id(0); e < m; e += get_global_size(0)) {
    int2 ed = edges[e];
    if (ed.x != ed.y) {
      int slot = atomic_add(count, 1);
      out[2 * slot] = ed.x;
      out[2 * slot + 1] = ed.y;
    }
  }
}
