//pass
//--local_size=128 --num_groups=4
#define N 128
__kernel void tree_reduction(__global int *in, __global int *out) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned d = N / 2;
       __invariant(__is_pow2(d) || d == 0),
       d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) out[get_group_id(0)] = s[0];
}
