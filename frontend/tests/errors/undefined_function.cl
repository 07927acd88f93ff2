// expect: 4 undefined function `external_helper`
int external_helper(int);
__kernel void undefined_function(__global int *a) {
  a[get_global_id(0)] = external_helper(3);
}
