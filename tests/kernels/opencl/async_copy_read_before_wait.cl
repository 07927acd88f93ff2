//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//possible write-read race on tile
// The neighbour's element is read before wait_group_events: the copy may
// not have written it yet.
__kernel void async_copy_read_before_wait(__global int *in, __global int *out, __local int *tile) {
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 32, 32, 0);
  int v = tile[(lid + 1) % 32];
  wait_group_events(1, &e);
  out[get_global_id(0)] = v + tile[lid];
}
