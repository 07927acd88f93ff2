//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1 --no-infer
// Two kernels in one file: an invariant that fails on entry (i starts at
// 0), and one that holds on entry and is not maintained. The loops touch
// no shared memory.
__kernel void invariant_entry(__global int *A) {
  int s = 0;
  for (int i = 0; __invariant(i != 0), i < 8; i++)
    s += i;
  A[get_local_id(0)] = s;
}

__kernel void invariant_maintained(__global int *A) {
  int s = 0;
  for (int j = 0; __invariant(j < 3), j < 8; j++)
    s += j;
  A[get_local_id(0)] = s;
}
