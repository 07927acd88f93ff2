//pass
//--local_size=64 --num_groups=2
__kernel void math_uninterpreted(__global float *x) {
  int i = get_global_id(0);
  x[i] = sqrt(x[i]) + exp(x[i]) - sin(x[i]) * cos(x[i]) / fabs(x[i] + 1.0f);
}
