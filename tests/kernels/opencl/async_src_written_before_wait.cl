//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible read-write race on tile
// A local-to-global copy reads `tile` until it is waited for: overwriting
// the tile before the wait races with the copy's reads.
__kernel void write_back(__global float *out, __local float *tile) {
  size_t lid = get_local_id(0);
  tile[lid] = (float)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out + get_group_id(0) * 64, tile, 64, 0);
  tile[lid] = 0.0f;
  wait_group_events(1, &e);
}
