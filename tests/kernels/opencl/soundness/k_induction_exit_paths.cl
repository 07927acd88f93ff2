//pass
//--local_size=64 --num_groups=2 --no-infer --k-induction-depth=1
// The race-free twin of k_induction_exit_paths_race.cl: after the loops
// each work item writes its own element.
#define ROUNDS 10

__kernel void first_hit(__global const int *keys, __global int *hits) {
  unsigned t = get_local_id(0);
  int round = 0;
  while (1) {
    if (round == 7)
      break;
    round++;
  }
  if (round == 7)
    hits[get_global_id(0)] = keys[get_global_id(0)];
}

__kernel void drop_late(__global const int *keys, __global int *hits) {
  unsigned t = get_local_id(0);
  for (int round = 0; round < ROUNDS; round++) {
    if (round == 6 && t > 3)
      return;
  }
  hits[get_group_id(0) * 64 + t] = keys[get_global_id(0)];
}
