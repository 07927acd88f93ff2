//pass
//--local_size=64 --num_groups=2
__kernel void conversions(__global float *f, __global int *i, __global double *d) {
  int g = get_global_id(0);
  i[g] = (int)f[g];
  f[g] = (float)i[g] + (float)(uint)g;
}
