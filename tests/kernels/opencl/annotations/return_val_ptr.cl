//pass
//--local_size=64 --num_groups=8 --no-inline
// `__return_val_ptr()` in a postcondition: with --no-inline the caller
// knows only the contract of `row_of`, which says which row it returns;
// that is enough to show the rows of different groups are disjoint.
#define WIDTH 64

__global float *row_of(__global float *m, int r) {
  __requires(r >= 0);
  __ensures(__return_val_ptr() == m + r * WIDTH);
  return m + r * WIDTH;
}

__kernel void fill_rows(__global float *m, float v) {
  int t = get_local_id(0);
  __global float *row = row_of(m, get_group_id(0));
  row[t] = v * t;
}
