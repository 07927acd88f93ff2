//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//possible write-read race on tile
// The wait names an event no copy returned (the copy's own event is
// dropped): the copy is never waited for, and its data is read.
__kernel void lost_event(__global const int *in, __global int *out, __local int *tile) {
  size_t lid = get_local_id(0);
  event_t mine = 0;
  event_t dropped = async_work_group_copy(tile, in + get_group_id(0) * 32, 32, mine);
  (void)dropped;
  event_t other;
  wait_group_events(1, &other);
  out[get_global_id(0)] = tile[lid];
}
