//pass
//--local_size=64 --num_groups=2
// A loop left early by a uniform break.
__kernel void loop_uniform_break(__global int *a, int n, int limit) {
  unsigned g = get_global_id(0);
  for (int i = 0; i < n; i++) {
    if (i == limit) break;
    a[g] += i;
  }
}
