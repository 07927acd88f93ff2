//pass
//--local_size=128 --num_groups=2
// Tree reduction written as a while loop with division.
#define N 128
__kernel void loop_while_halving(__global int *in, __global int *out) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned d = N / 2;
  while (d > 0) {
    if (t < d) s[t] = s[t] + s[t + d];
    barrier(CLK_LOCAL_MEM_FENCE);
    d = d / 2;
  }
  if (t == 0) out[get_group_id(0)] = s[0];
}
