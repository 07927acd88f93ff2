//pass
//--local_size=64 --num_groups=1
// Blelloch down-sweep: the offset halves while the active count doubles.
#define N 128
__kernel void loop_blelloch_downsweep(__global int *data) {
  __local int x[N];
  unsigned t = get_local_id(0);
  x[2 * t] = data[2 * t];
  x[2 * t + 1] = data[2 * t + 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (t == 0) x[N - 1] = 0;
  unsigned offset = N;
  for (unsigned d = 1; d < N; d *= 2) {
    offset >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (t < d) {
      unsigned ai = offset * (2 * t + 1) - 1;
      unsigned bi = offset * (2 * t + 2) - 1;
      int tmp = x[ai];
      x[ai] = x[bi];
      x[bi] += tmp;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[2 * t] = x[2 * t];
  data[2 * t + 1] = x[2 * t + 1];
}
