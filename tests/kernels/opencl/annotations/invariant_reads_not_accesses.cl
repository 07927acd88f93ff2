//pass
//--local_size=64 --num_groups=4
// Reads in annotations are the work item's view of memory, not accesses:
// the loop invariant of `mark` reads the word its neighbour updates in the
// same loop, and the barrier invariant of `reverse_reuse` is assumed after
// the barrier, where the buffer is then reused by other work items. Neither
// is a race (GPUVerify does not race-check annotation reads either).
#define WG 64

__kernel void mark(__global const uint *in, __global uint *out) {
  __local uint seen[WG];
  uint t = get_local_id(0);
  seen[t] = 0;
  for (uint i = 0;
       __invariant(__implies(t == WG - 1, seen[(t + 1) % WG] == seen[0])),
       __invariant(i <= 8),
       i < 8; i++) {
    seen[t] |= in[get_global_id(0) * 8 + i];
  }
  out[get_global_id(0)] = seen[t];
}

__kernel void reverse_reuse(__global const int *in, __global int *out) {
  __local int slot[WG];
  int t = get_local_id(0);
  slot[t] = WG - 1 - t;
  __barrier_invariant_1(slot[t] == WG - 1 - t, t);
  barrier(CLK_LOCAL_MEM_FENCE);
  slot[WG - 1 - t] = in[get_global_id(0)];
  out[get_global_id(0)] = t;
}
