// The race needs get_work_dim() == 2: the launch is given in two
// dimensions (the second of size 1), so the verifier and the interpreter
// both take 2.
__kernel void scale_rows(__global float *rows, __global int *last_writer) {
  const size_t x = get_global_id(0);
  rows[x] *= 2.0f;
  if (get_work_dim() == 2)
    last_writer[0] = (int)x;
}
