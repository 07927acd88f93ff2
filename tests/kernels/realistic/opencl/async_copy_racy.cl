//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=64
//race on tile
// A work-item writes the local tile while the asynchronous copy into it
// may still be in flight (no wait before the write).
#define TILE 128
__kernel void tile_write_before_wait(__global const float *in, __global float *out) {
  __local float tile[TILE];
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * TILE, TILE, 0);
  int lid = get_local_id(0);
  tile[(lid + 1) % TILE] = 0.0f;
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[lid];
}
