//pass
//--local_size=64 --num_groups=2
// The twin of async_src_written_before_wait.cl: the tile is reused only
// after the wait.
__kernel void write_back(__global float *out, __local float *tile) {
  size_t lid = get_local_id(0);
  tile[lid] = (float)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out + get_group_id(0) * 64, tile, 64, 0);
  wait_group_events(1, &e);
  tile[lid] = 0.0f;
}
