//pass
//--local_size=64 --num_groups=1 --loop-unwind=2
//No defects found up to 2 loop iterations
// --loop-unwind=N explores exactly N iterations: the race of the third
// iteration (i == 2) is beyond them (loop_unwind_exact_race.cl finds it
// with N = 3).
__kernel void third_round(__global int *a) {
  for (int i = 0; i < 8; i++) {
    if (i == 2) {
      a[0] = get_local_id(0);
    }
  }
}
