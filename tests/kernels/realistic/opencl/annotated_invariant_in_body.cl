//pass
//--local_size=64 --num_groups=16 --kernel-args=sum_rows,16
// An `__invariant` written as the first statement of the loop body (not
// in the loop head): GPUVerify treats it as a plain assertion there.
__kernel void sum_rows(__global const float *in, __global float *out, int cols) {
  __requires(cols > 0 & cols < 1024);
  int row = get_global_id(0);
  float acc = 0.0f;
  for (int c = 0; c < cols; c++) {
    __invariant(c >= 0);
    acc += in[row * cols + c];
  }
  out[row] = acc;
}
