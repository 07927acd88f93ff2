// expect: 4 a cast of an integer to a pointer (a constant address)
// A fixed address names no object the verifier knows: refused, in C terms.
__kernel void constant_address(__global int *a) {
  __global int *p = (__global int *)0x1000;
  p[get_global_id(0)] = a[get_global_id(0)];
}
