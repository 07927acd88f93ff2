//pass
//--local_size=64 --num_groups=2 --no-inline
// --no-inline: `store` is verified once as a two-thread procedure against
// its contract. Its precondition bounds what the caller has logged on `p`
// (each thread writes only its own element), its postcondition says the
// same after the call, so the second call's precondition holds. The
// access-log clauses are about the logging thread, so they are stated in
// terms of its id, not of the call's arguments (which a thread that does
// not make the call never computes).
void store(__global int *p, int i, int v) {
  __requires(i == get_global_id(0));
  __requires(__ptr_offset_bytes(p) == 0);
  __requires(__write_implies(p, __write_offset_bytes(p) == get_global_id(0) * 4));
  __ensures(__write_implies(p, __write_offset_bytes(p) == get_global_id(0) * 4));
  p[i] = v;
}

__kernel void no_inline_contract(__global int *a) {
  store(a, get_global_id(0), 1);
  store(a, get_global_id(0), 2);
}
