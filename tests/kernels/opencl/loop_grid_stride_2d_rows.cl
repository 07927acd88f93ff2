//pass
//--local_size=[8,4] --num_groups=[2,2]
// Nested strided loops over a 128 x 64 matrix with 2-D ids: row counter
// strides by the global size in y, column counter by the global size in x
// (rule access_2d: row and column residues of the watched offset).
#define COLS 128
__kernel void loop_grid_stride_2d_rows(__global int *m) {
  for (unsigned r = get_global_id(1); r < 64; r += get_global_size(1))
    for (unsigned c = get_global_id(0); c < COLS; c += get_global_size(0))
      m[r * COLS + c] += 1;
}
