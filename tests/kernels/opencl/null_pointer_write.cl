//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1
__kernel void null_pointer_write(__global int *a, int c) {
  __global int *p = c ? a : 0;
  p[get_local_id(0)] = 1;
}
