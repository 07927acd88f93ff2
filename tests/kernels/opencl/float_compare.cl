//pass
//--local_size=64 --num_groups=2
__kernel void float_compare(__global float *x, __global int *flags) {
  int i = get_global_id(0);
  flags[i] = x[i] < 0.5f ? 1 : (x[i] >= 2.0f ? 2 : 0);
  x[i] = -x[i];
}
