//pass
//--local_size=32 --num_groups=8
__kernel void strided_loop(__global int *a, int n) {
  int stride = get_global_size(0);
  for (int i = get_global_id(0); i < n; i += stride) {
    a[i] = 2 * a[i];
  }
}
