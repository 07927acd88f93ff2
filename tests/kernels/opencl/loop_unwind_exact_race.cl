//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --loop-unwind=3
//possible write-write race on a\[0\]
// The twin of loop_unwind_exact.cl: three iterations reach the race.
__kernel void third_round(__global int *a) {
  for (int i = 0; i < 8; i++) {
    if (i == 2) {
      a[0] = get_local_id(0);
    }
  }
}
