//pass
//--local_size=64 --num_groups=2
__kernel void byte_and_int_access(__global int *a) {
  __global char *bytes = (__global char *)a;
  int i = get_global_id(0);
  a[2 * i] = 0;
  bytes[8 * i + 4] = 1;
}
