//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --no-inline
//return_val_ptr_false.cl:9:3: error: postcondition might not hold
// The function returns the row after the one its postcondition names.
#define WIDTH 64

__global float *row_of(__global float *m, int r) {
  __requires(r >= 0);
  __ensures(__return_val_ptr() == m + r * WIDTH);
  return m + (r + 1) * WIDTH;
}

__kernel void fill_rows(__global float *m, float v) {
  int t = get_local_id(0);
  __global float *row = row_of(m, get_group_id(0));
  row[t] = v * t;
}
