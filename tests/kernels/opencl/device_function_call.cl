//pass
//--local_size=64 --num_groups=4
int twice(int x) { return x + x; }
__kernel void device_function_call(__global int *a) {
  int i = get_global_id(0);
  a[i] = twice(a[i]);
}
