//pass
//--local_size=64 --num_groups=8
//the atomic counter `count` is only incremented
// Stream compaction in grid-stride loops: each kept element takes the
// next slot of a global counter, in every iteration. A slot goes to one
// work item, in one iteration, so no two writes meet.
#define KEEP(x) ((x) > 0.0f)

__kernel void compact_grid_stride(__global const float *in, __global float *out,
                                  volatile __global int *count, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    float v = in[i];
    if (KEEP(v)) {
      int slot = atomic_inc(count);
      out[slot] = v;
    }
  }
}

__kernel void emit_edges(__global const int2 *edges, __global const int *active,
                         __global int2 *frontier, volatile __global uint *count, int per_item) {
  const int first = get_global_id(0) * per_item;
  for (int k = 0; k < per_item; ++k) {
    int2 e = edges[first + k];
    if (active[e.x])
      frontier[atomic_add(count, 1u)] = e;
  }
}
