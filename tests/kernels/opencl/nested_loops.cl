//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[2,2]
//possible write-write race
// Row `row` owns elements [row * n * 4, (row + 1) * n * 4). Racy in
// 32-bit arithmetic: `n` is unbounded, and for n = 2^30 + 1 row 1 starts
// at 4 * n = 2^32 + 4, i.e. element 4, which row 0 writes at j = 1 with
// value k while row 1 writes 0 there at j = 0 (different values, so not a
// benign race). nested_loops_bounded.cl fixes `n` and verifies with
// inferred invariants (rule `chunk`).
__kernel void nested_loops(__global int *m, int n) {
  int row = get_global_id(1);
  for (int j = 0; j < n; j++)
    for (int k = 0; k < 4; k++)
      m[(row * n + j) * 4 + k] = j * k;
}
