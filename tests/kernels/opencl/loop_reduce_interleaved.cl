//pass
//--local_size=64 --num_groups=4
// Tree reduction, interleaved addressing: the stride doubles.
#define N 64
__kernel void loop_reduce_interleaved(__global int *in, __global int *out) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned d = 1; d < N; d *= 2) {
    if (t % (2 * d) == 0) s[t] += s[t + d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) out[get_group_id(0)] = s[0];
}
