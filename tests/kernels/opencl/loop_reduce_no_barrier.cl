//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//race on s\[
// Tree reduction without the barrier in the loop: iterations race.
#define N 64
__kernel void loop_reduce_no_barrier(__global int *in, __global int *out) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned d = N / 2; d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (t == 0) out[get_group_id(0)] = s[0];
}
