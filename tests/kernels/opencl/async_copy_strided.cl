//pass
//--local_size=32 --num_groups=4
// A column of a row-major matrix gathered into local memory with
// async_work_group_strided_copy, used after wait_group_events.
__kernel void async_copy_strided(__global int *m, __global int *out, __local int *col) {
  size_t g = get_group_id(0);
  size_t lid = get_local_id(0);
  event_t e = async_work_group_strided_copy(col, m + g, 32, get_num_groups(0), 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = col[31 - lid] + col[lid];
}
