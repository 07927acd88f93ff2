//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
// Work item 1 writes A[0]; work item 0 writes it too, but only when n is
// 5: the counterexample's argument n is forced, and so is the order of
// the pair (the later write is the checked one).
__kernel void scalar_argument(__global int *A, int n) {
  int lid = get_local_id(0);
  if (lid == 1)
    A[0] = 2;
  if (n == 5 && lid == 0)
    A[0] = 3;
}
