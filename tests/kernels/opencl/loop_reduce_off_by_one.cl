//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//race on s\[
// `t <= d` instead of `t < d`: work-item d writes the element work-item 0
// reads in the same step.
#define N 128
__kernel void loop_reduce_off_by_one(__global int *out) {
  __local int s[N];
  unsigned t = get_local_id(0);
  s[t] = t;
  s[t + 64] = t;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned d = 32; d > 0; d >>= 1) {
    if (t <= d) s[t] += s[t + d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) out[0] = s[0];
}
