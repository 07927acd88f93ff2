//pass
//--local_size=64 --num_groups=2
__kernel void loop_invariant_annotation(__global int *a, int n) {
  int i = get_global_id(0);
  int k;
  for (k = 0; __invariant(k >= 0), __invariant(__implies(k > 0, n > 0)), k < n; k++) {
    a[i] = k;
  }
}
