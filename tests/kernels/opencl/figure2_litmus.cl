//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --loop-unwind=4
//barrier may be reached by non-uniform control flow
// The paper's Figure 2 litmus: work item 0 runs four outer iterations
// of one inner iteration, the others one outer iteration of four inner
// ones. Lock-step, the barrier is reached by non-uniform control flow.
__kernel void figure2_litmus(__global int *out) {
  __local int A[8];
  int t = get_local_id(0);
  int x = t == 0 ? 4 : 1;
  int y = t == 0 ? 1 : 4;
  int buf = 0;
  for (int i = 0; i < x; i++) {
    for (int j = 0; j < y; j++) {
      barrier(CLK_LOCAL_MEM_FENCE);
      A[(1 - buf) * 4 + t] = A[buf * 4 + (t + 1) % 4];
      buf = 1 - buf;
    }
  }
  out[t] = A[t];
}
