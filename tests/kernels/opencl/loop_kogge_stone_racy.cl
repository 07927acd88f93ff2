//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//race on s\[
// Kogge-Stone scan missing the barrier between the read and the write.
#define N 64
__kernel void loop_kogge_stone_racy(__global int *data) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = data[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned offset = 1; offset < N; offset *= 2) {
    if (t >= offset) s[t] += s[t - offset];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[t] = s[t];
}
