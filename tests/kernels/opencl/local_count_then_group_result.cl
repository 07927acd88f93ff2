//pass
//--local_size=64 --num_groups=2
// Count atomically in local memory; work item 0 of each group then
// writes the group's result to its own slot.
__kernel void local_count_then_group_result(__global const int *in, __global int *out) {
  __local int count[1];
  int l = get_local_id(0);
  if (l == 0) count[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (in[get_global_id(0)] > 0) atomic_inc(&count[0]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) out[get_group_id(0)] = count[0];
}
