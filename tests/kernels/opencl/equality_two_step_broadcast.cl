//pass
//--local_size=64 --num_groups=1
// Two broadcasts through local memory choose the row every work item
// writes; race-free because all work items see the same row.
__kernel void equality_two_step_broadcast(__global int *a, int n) {
  __local int b[2];
  int l = get_local_id(0);
  if (l == 0) b[0] = n;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 1) b[1] = b[0] + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  a[b[1] * 64 + l] = l;
}
