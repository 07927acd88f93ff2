//pass
//--local_size=64 --num_groups=2 --no-inline
// A helper with a loop, called by every work item with a uniform length:
// entered by both threads together, its loop is uniform and the
// inference finds its invariants.
void fill(__global int *p, int row, int n) {
  __requires(row == get_global_id(0));
  __requires(__ptr_offset_bytes(p) == 0);
  __requires(n == 8);
  __requires(__no_write(p));
  for (int j = 0; j < n; j++) {
    p[row * 8 + j] = j;
  }
}
__kernel void no_inline_loop_in_helper(__global int *a) {
  fill(a, get_global_id(0), 8);
}
