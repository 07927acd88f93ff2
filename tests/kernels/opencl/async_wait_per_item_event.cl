//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//asynchronous copy may be reached non-uniformly / with different arguments
// Even work items wait on the first copy, odd ones on the second: the
// events of a wait_group_events must be the same in the whole group.
__kernel void split_wait(__global const int *in, __global int *out, __local int *lo,
                         __local int *hi) {
  size_t lid = get_local_id(0);
  __global const int *row = in + get_group_id(0) * 128;
  event_t ev[2];
  ev[0] = async_work_group_copy(lo, row, 64, 0);
  ev[1] = async_work_group_copy(hi, row + 64, 64, 0);
  wait_group_events(1, &ev[lid & 1]);
  wait_group_events(1, &ev[1 - (lid & 1)]);
  out[get_global_id(0)] = lo[lid] + hi[lid];
}
