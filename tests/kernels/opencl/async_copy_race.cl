//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// The local tile is read before wait_group_events: the async copy may still
// be writing it (a race between the copy and the read).
__kernel void async_copy_race(__global int *in, __global int *out, __local int *tile) {
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
  out[get_global_id(0)] = tile[lid];
  wait_group_events(1, &e);
}
