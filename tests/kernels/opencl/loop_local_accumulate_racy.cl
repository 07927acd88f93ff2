//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//race on sum\[
// Every work-item adds into one local cell without atomics.
__kernel void loop_local_accumulate_racy(__global const int *x, __global int *out, int n) {
  __local int sum[1];
  if (get_local_id(0) == 0) sum[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = 0; i < n; i++)
    sum[0] += x[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0)] = sum[0];
}
