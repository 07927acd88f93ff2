// expect: 4 `__requires` outside the first block
int f(int x) {
  if (x > 0) { __requires(x < 10); }
  return x;
}
__kernel void requires_not_at_entry(__global int *a) { a[0] = f(a[1]); }
