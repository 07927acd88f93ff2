//pass
//--local_size=64 --num_groups=2
// Kogge-Stone inclusive scan: read, barrier, write, barrier.
#define N 64
__kernel void loop_kogge_stone(__global int *data) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = data[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned offset = 1; offset < N; offset *= 2) {
    int v = 0;
    if (t >= offset) v = s[t - offset];
    barrier(CLK_LOCAL_MEM_FENCE);
    s[t] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[get_global_id(0)] = s[t];
}
