//pass
//--local_size=64 --num_groups=1
// A barrier under a branch on a value read from local memory after a
// barrier: uniform because both work items see the same value.
__kernel void equality_shared_flag_barrier(__global int *a, __global int *in) {
  __local int flag[1];
  int l = get_local_id(0);
  if (l == 0) flag[0] = in[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (flag[0] > 5) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  a[get_global_id(0)] = l;
}
