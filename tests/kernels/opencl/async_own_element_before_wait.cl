//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//possible write-read race on tile
// Each work item reads only "its own" element, but before the wait: the
// copy is the group's, any work item may perform any element, and it may
// not have happened yet.
__kernel void scale(__global const int *in, __global int *out, __local int *tile, int k) {
  size_t lid = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 32, 32, 0);
  int v = tile[lid];
  wait_group_events(1, &e);
  out[get_global_id(0)] = k * v;
}
