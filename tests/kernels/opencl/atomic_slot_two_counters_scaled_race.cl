//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out\[
// Racy twin of atomic_slot_scaled.cl: two counters feed one array of
// pairs, so the first slot of each counter is the same record.
__kernel void split_pairs(__global const int *keys, __global int *out, __global int *evens,
                          __global int *odds) {
  int gid = get_global_id(0);
  int k = keys[gid];
  int slot = (k & 1) ? atomic_inc(odds) : atomic_inc(evens);
  out[2 * slot] = k;
  out[2 * slot + 1] = gid;
}

// The same in a grid-stride loop: each counter's slots are distinct, but
// slot 0 of `evens` and slot 0 of `odds` are the same record.
__kernel void split_edges(__global const int2 *edges, int m, __global int *out, __global int *evens,
                          __global int *odds) {
  for (int e = get_global_id(0); e < m; e += get_global_size(0)) {
    int2 ed = edges[e];
    int slot = ((ed.x + ed.y) & 1) ? atomic_inc(odds) : atomic_inc(evens);
    out[2 * slot] = ed.x;
    out[2 * slot + 1] = ed.y;
  }
}
