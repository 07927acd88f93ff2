//pass
//--local_size=64 --num_groups=4
__kernel void pointer_select(__global int *a, __global int *b, int which) {
  __global int *p = which ? a : b;
  p[get_global_id(0)] = 1;
}
