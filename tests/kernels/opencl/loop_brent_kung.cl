//pass
//--local_size=64 --num_groups=1
// Brent-Kung up-sweep: a barrier at the top of each level.
#define N 128
__kernel void loop_brent_kung(__global int *data) {
  __local int x[N];
  unsigned t = get_local_id(0);
  x[2 * t] = data[2 * t];
  x[2 * t + 1] = data[2 * t + 1];
  for (unsigned s = 1; s < N; s *= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    unsigned i = (t + 1) * s * 2 - 1;
    if (i < N) x[i] += x[i - s];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[2 * t] = x[2 * t];
  data[2 * t + 1] = x[2 * t + 1];
}
