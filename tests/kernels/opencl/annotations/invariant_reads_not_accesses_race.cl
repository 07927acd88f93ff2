//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//invariant_reads_not_accesses_race.cl: error: possible (write-read|read-write) race on seen\[
// The twin: the loop body itself reads the neighbour's word while the
// neighbour updates it. That read is an access, and a race.
#define WG 64

__kernel void mark(__global const uint *in, __global uint *out) {
  __local uint seen[WG];
  uint t = get_local_id(0);
  seen[t] = 0;
  for (uint i = 0;
       __invariant(__implies(t == WG - 1, seen[(t + 1) % WG] == seen[0])),
       __invariant(i <= 8),
       i < 8; i++) {
    seen[t] |= in[get_global_id(0) * 8 + i] | seen[(t + 1) % WG];
  }
  out[get_global_id(0)] = seen[t];
}
