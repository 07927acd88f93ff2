//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[2,2] --kernel-args=nested_loops_overlap,16
//possible write-write race
// Racy twin of nested_loops_bounded.cl: rows are 16 * 4 elements wide but
// each row writes 17 * 4, into the next row's first elements (with other
// values).
__kernel void nested_loops_overlap(__global int *m, int n) {
  int row = get_global_id(1);
  for (int j = 0; j <= n; j++)
    for (int k = 0; k < 4; k++)
      m[(row * n + j) * 4 + k] = j * k;
}
