//pass
//--local_size=64 --num_groups=2 --cl-std=CL2.0
__kernel void cl20_work_group_barrier(__global int *a) {
  __local int s[64];
  s[get_local_id(0)] = a[get_global_id(0)];
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  a[get_global_id(0)] = s[63 - get_local_id(0)];
}
