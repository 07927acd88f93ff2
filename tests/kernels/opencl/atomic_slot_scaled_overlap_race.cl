//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out\[
// Racy twin of atomic_slot_scaled.cl: records of four elements written
// at a stride of three, so slot s's last element is slot s+1's first.
__kernel void emit_particles(__global const float4 *pos, __global float *out, __global uint *count) {
  int gid = get_global_id(0);
  float4 p = pos[gid];
  if (p.w > 0.0f) {
    uint slot = atomic_inc(count);
    for (int k = 0; k < 4; ++k)
      out[slot * 3 + k] = k == 0 ? p.x : k == 1 ? p.y : k == 2 ? p.z : p.w;
  }
}

// In a grid-stride loop: pairs reserved, triples written.
__kernel void emit_edges(__global const int2 *edges, int m, __global int *out, __global int *count) {
  for (int e = get_global_id(0); e < m; e += get_global_size(0)) {
    int2 ed = edges[e];
    int slot = atomic_add(count, 1);
    out[2 * slot] = ed.x;
    out[2 * slot + 1] = ed.y;
    out[2 * slot + 2] = -1;
  }
}
