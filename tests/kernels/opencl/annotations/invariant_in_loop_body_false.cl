//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
//invariant_in_loop_body_false.cl:10:5: error: this assertion might not hold
// invariant_in_loop_body.cl claiming `c == 0` in the body: a plain
// assertion, false from the second iteration on.
__kernel void sum_rows(__global const int *m, __global int *sums, int cols) {
  __requires(cols > 0 & cols <= 1024);
  int acc = 0;
  for (int c = 0; c < cols; c++) {
    __invariant(c == 0);
    acc += m[get_global_id(0) * cols + c];
  }
  sums[get_global_id(0)] = acc;
}
