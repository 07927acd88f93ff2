//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//race on cur\[
// Iterated stencil missing the barrier between reading neighbours and
// writing the own cell.
#define N 64
__kernel void loop_stencil_iterated_racy(__global float *a, int steps) {
  __local float cur[N + 2];
  unsigned t = get_local_id(0);
  cur[t + 1] = a[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int it = 0; it < steps; it++) {
    cur[t + 1] = (cur[t] + cur[t + 1] + cur[t + 2]) / 3.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a[t] = cur[t + 1];
}
