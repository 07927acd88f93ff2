//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible
// Brent-Kung up-sweep without the barrier between levels: a level reads
// x[i - s], which the previous level's thread wrote.
#define N 128
__kernel void loop_brent_kung_racy(__global int *data) {
  __local int x[N];
  unsigned t = get_local_id(0);
  x[2 * t] = data[2 * t];
  x[2 * t + 1] = data[2 * t + 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned s = 1; s < N; s *= 2) {
    unsigned i = (t + 1) * s * 2 - 1;
    if (i < N) x[i] += x[i - s];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[2 * t] = x[2 * t];
  data[2 * t + 1] = x[2 * t + 1];
}
