// expect: 4 `__invariant` outside a loop head
__kernel void invariant_outside_loop(__global int *a) {
  __invariant(get_local_id(0) < 64);
  a[get_global_id(0)] = 0;
}
