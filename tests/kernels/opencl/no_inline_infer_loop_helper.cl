//pass
//--local_size=64 --num_groups=4 --no-inline
// A device function with a loop over the thread's own row: the loop
// invariant (access_at) is inferred inside the procedure, the contract
// (the row is `base` and the log stays in the row, rule `contract`) across
// the call; then the kernel's own write after the call is race-free.
void clear_row(__global int *p, int base) {
  for (int j = 0; j < 4; j++) {
    p[base] = j;
  }
}

__kernel void no_inline_infer_loop_helper(__global int *a) {
  int g = get_global_id(0);
  clear_row(a, g);
  a[g] = 7;
}
