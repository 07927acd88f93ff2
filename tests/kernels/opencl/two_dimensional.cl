//pass
//--local_size=[16,16] --num_groups=[4,4] --kernel-args=two_dimensional,64
__kernel void two_dimensional(__global float *m, int width) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  m[y * width + x] = m[y * width + x] * 0.5f;
}
