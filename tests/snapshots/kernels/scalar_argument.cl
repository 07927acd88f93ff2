//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Only when n is 5 do both work items write A[0] (different values): the
// counterexample's argument n is forced.
__kernel void scalar_argument(__global int *A, int n) {
  if (n == 5)
    A[0] = get_local_id(0);
}
