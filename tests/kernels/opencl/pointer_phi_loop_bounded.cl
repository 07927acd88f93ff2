//pass
//--local_size=64 --num_groups=4 --kernel-args=pointer_phi_loop_bounded,16
// Bounded twin of pointer_phi_loop.cl: with `n` fixed to 16 the chunks of
// two threads cannot wrap around, and the inferred invariants (rule
// `chunk`: everything logged lies between the chunk's start and the
// current position; the counter's distance from its start; `lockstep`)
// prove it race-free with no annotation.
__kernel void pointer_phi_loop_bounded(__global int *a, int n) {
  __global int *p = a + get_global_id(0) * n;
  for (int i = 0; i < n; i++) {
    *p = i;
    p++;
  }
}
