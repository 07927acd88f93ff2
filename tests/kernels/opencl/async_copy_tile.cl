//pass
//--local_size=64 --num_groups=8
// A tile staged in local memory with async_work_group_copy, used after
// wait_group_events, and written back with a strided copy.
__kernel void async_copy_tile(__global float *in, __global float *out, __local float *tile) {
  size_t group = get_group_id(0);
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + group * 64, 64, 0);
  wait_group_events(1, &e);
  float v = tile[(lid + 1) % 64];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[lid] = v * 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t back = async_work_group_strided_copy(out + group, tile, 64, get_num_groups(0), 0);
  wait_group_events(1, &back);
}
