//pass
//--local_size=64 --num_groups=2
// A decreasing counter; each work-item owns its element.
__kernel void loop_countdown(__global int *a, int n) {
  unsigned g = get_global_id(0);
  for (int i = n - 1; i >= 0; i--)
    a[g] = a[g] * 2 + i;
}
