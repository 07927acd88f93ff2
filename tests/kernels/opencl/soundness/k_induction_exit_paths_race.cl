//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-infer --k-induction-depth=1
//possible write-write race on hits\[
// Loops left by `break` and by `return` in late iterations (7 and 6, far
// beyond the one iteration depth 1 checks from the entry): the code after
// each loop is reached only from the check copy's exits, and both races
// are there.
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
    hits[get_group_id(0)] = keys[get_global_id(0)];
}

__kernel void drop_late(__global const int *keys, __global int *hits) {
  unsigned t = get_local_id(0);
  for (int round = 0; round < ROUNDS; round++) {
    if (round == 6 && t > 3)
      return;
  }
  hits[get_group_id(0) * 64 + t % 4] = keys[get_global_id(0)];
}
