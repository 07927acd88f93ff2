// Races only when the scalar argument `n` is 1234: the replay must use the
// counterexample's value of `n` to see it.
__kernel void argument_race(__global int *a, int n) {
  int l = get_local_id(0);
  if (n == 1234)
    a[0] = l;
}
