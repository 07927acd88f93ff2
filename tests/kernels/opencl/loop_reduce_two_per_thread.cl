//pass
//--local_size=64 --num_groups=4
// Reduction that adds two elements per work-item while loading.
#define N 64
__kernel void loop_reduce_two_per_thread(__global const int *in, __global int *out) {
  __local int s[N];
  unsigned t = get_local_id(0);
  unsigned g = get_group_id(0) * (2 * N) + t;
  s[t] = in[g] + in[g + N];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned d = N / 2; d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) out[get_group_id(0)] = s[0];
}
