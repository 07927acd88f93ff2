// expect: 4 holds both pointers and other data
typedef struct { __global int *p; int n; } View;
__kernel void pointer_and_data_in_struct(__global int *a, int n) {
  View v;
  v.p = a;
  v.n = n;
  v.p[get_global_id(0) % v.n] = 1;
}
