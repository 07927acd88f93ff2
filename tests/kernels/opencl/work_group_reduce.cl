//pass
//--local_size=64 --num_groups=4 --cl-std=CL2.0
// OpenCL 2.0 work-group collectives reached by every work-item.
__kernel void group_sums(__global const int *in, __global int *partial) {
  const int sum = work_group_reduce_add(in[get_global_id(0)]);
  const int first = work_group_broadcast(in[get_global_id(0)], 0);
  if (get_local_id(0) == 0)
    partial[get_group_id(0)] = sum + first;
}
