//pass
//--local_size=64 --num_groups=2
// A loop whose uniform continue skips every other iteration.
__kernel void loop_uniform_continue(__global int *a, int n) {
  unsigned g = get_global_id(0);
  for (int i = 0; i < n; i++) {
    if (i % 2 == 1) continue;
    a[g] += i;
  }
}
