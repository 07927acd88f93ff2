//pass
//--local_size=64 --num_groups=2 --no-infer --k-induction-depth=1
// Nested loops (rounds of steps, a barrier per step) proved by k-induction
// without invariants: the inner loop is transformed first, and the outer
// loop's havoc covers what the inner copies modify.
#define STEPS 8
#define ROUNDS 4

__kernel void relax(__global const int *init, __global int *out) {
  __local int cell[64];
  unsigned t = get_local_id(0);
  cell[t] = init[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned r = 0; r < ROUNDS; r++) {
    for (unsigned j = 0; j < STEPS; j++) {
      int mine = cell[t];
      barrier(CLK_LOCAL_MEM_FENCE);
      cell[t] = mine + (int)j;
      if (r == ROUNDS - 1 && j == STEPS - 1 && t == 5)
        cell[5] = 0;
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  out[get_global_id(0)] = cell[t];
}
