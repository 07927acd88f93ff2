//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Work item 1's pointer is null.
__kernel void null_pointer(__global int *A) {
  int lid = get_local_id(0);
  __global int *p = lid == 0 ? A : 0;
  *p = 1;
}
