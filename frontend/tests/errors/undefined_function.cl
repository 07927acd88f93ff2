// expect: 4 the pointer returned by `pick_row`
// A function without a body is modelled (SOUNDNESS.md), but the pointer it
// returns could point anywhere: refused.
__global int *pick_row(int);
__kernel void undefined_function(__global int *a) {
  __global int *row = pick_row(3);
  row[get_global_id(0)] = a[0];
}
