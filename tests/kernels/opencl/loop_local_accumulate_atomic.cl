//pass
//--local_size=64 --num_groups=2
// The same accumulation with local atomics.
__kernel void loop_local_accumulate_atomic(__global const int *x, __global int *out, int n) {
  __local int sum[1];
  if (get_local_id(0) == 0) sum[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = 0; i < n; i++)
    atomic_add(&sum[0], x[i]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) out[get_group_id(0)] = sum[0];
}
