//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//possible write-write race on tile
// Work item 0 initialises an element that the async copy also writes,
// with no barrier in between.
__kernel void async_copy_overlap_write(__global int *in, __global int *out, __local int *tile) {
  size_t lid = get_local_id(0);
  if (lid == 0) {
    tile[5] = -1;
  }
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 32, 32, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[lid];
}
