// expect: 2 expected ';'
__kernel void broken(__global int *a) {
  a[get_global_id(0)] = 1
}
