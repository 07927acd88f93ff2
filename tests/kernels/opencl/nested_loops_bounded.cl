//pass
//--local_size=[8,8] --num_groups=[2,2] --kernel-args=nested_loops_bounded,16
// Bounded twin of nested_loops.cl: with `n` fixed to 16 the chunks of
// two threads cannot wrap around, and the inferred invariants (rule
// `chunk`: everything logged lies between the chunk's start and the
// current position; the counter's distance from its start; `lockstep`)
// prove it race-free with no annotation.
__kernel void nested_loops_bounded(__global int *m, int n) {
  int row = get_global_id(1);
  for (int j = 0; j < n; j++)
    for (int k = 0; k < 4; k++)
      m[(row * n + j) * 4 + k] = j * k;
}
