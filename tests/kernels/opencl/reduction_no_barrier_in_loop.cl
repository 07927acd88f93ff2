//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=4
__kernel void reduction_no_barrier_in_loop(__global int *in) {
  __local int s[128];
  unsigned t = get_local_id(0);
  s[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned d = 64; d > 0; d >>= 1) {
    if (t < d) s[t] += s[t + d];
  }
  in[get_global_id(0)] = s[0];
}
