//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// The assertion fails for work item 1 only.
__kernel void assertion(__global int *A) {
  int lid = get_local_id(0);
  __assert(lid != 1);
  A[lid] = lid;
}
