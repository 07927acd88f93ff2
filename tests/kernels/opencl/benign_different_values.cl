//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-write race on a\[
// Different values to one element: not benign.
__kernel void benign_different_values(__global int *a, int n) {
  a[0] = n + get_local_id(0);
}
