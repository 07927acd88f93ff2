//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//function_wide_invariant_false.cl:10:3: error: loop invariant might not be maintained
// A function-wide invariant that only the first loop keeps: the second
// loop writes `b`, so "no write to b since the last barrier" breaks there.
#define W 16

__kernel void two_passes(__global int *a, __global int *b) {
  int g = get_global_id(0);
  __function_wide_invariant(!__write(b));
  for (int i = 0; i < W; i++) {
    a[g * W + i] = i;
  }
  for (int j = 0; j < W; j++) {
    b[g * W + j] = j;
  }
}
