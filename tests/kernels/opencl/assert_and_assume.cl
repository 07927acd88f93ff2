//pass
//--local_size=64 --num_groups=2
__kernel void assert_and_assume(__global int *a, int n) {
  __assume(n > 0);
  int i = get_global_id(0);
  __assert(get_local_id(0) < get_local_size(0));
  __global_assert(n > 0);
  if (i < n) a[i] = n;
}
