//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --no-infer --k-induction-depth=1
//possible write-write race on cell\[6\]
// nested_rounds.cl with the last step of the last round writing a
// neighbour's cell: found although it is iteration 32 of the nest,
// beyond the one iteration per loop that depth 1 checks from the entry.
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
        cell[6] = 0; // work item 6 writes cell[6] in the same step
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  out[get_global_id(0)] = cell[t];
}
