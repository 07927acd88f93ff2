//pass
//--local_size=32 --num_groups=2
// One invariant for every loop of the kernel: the loop counters stay
// below the width, stated once at the top.
#define W 16

__kernel void two_passes(__global int *a, __global int *b) {
  __function_wide_invariant(__uniform_int(get_local_size(0)));
  __function_wide_candidate_invariant(get_local_size(0) == 32);
  int g = get_global_id(0);
  for (int i = 0; i < W; i++) {
    a[g * W + i] = i;
  }
  for (int j = 0; j < W; j++) {
    b[g * W + j] = j;
  }
}
