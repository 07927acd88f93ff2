//pass
//--local_size=64 --num_groups=16
// `__invariant` as the first statement of a `for` body is not at the loop
// head (the condition is): as in GPUVerify it is a plain assertion, checked
// on every iteration where it stands.
__kernel void sum_rows(__global const int *m, __global int *sums, int cols) {
  __requires(cols > 0 & cols <= 1024);
  int acc = 0;
  for (int c = 0; c < cols; c++) {
    __invariant(c >= 0);
    acc += m[get_global_id(0) * cols + c];
  }
  sums[get_global_id(0)] = acc;
}
