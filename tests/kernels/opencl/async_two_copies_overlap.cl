//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible write-write race on window
// Two copies into overlapping halves of one window, both pending until one
// wait_group_events: their writes to window[24..40) are unordered.
__kernel void halo(__global const int *in, __global int *out, __local int *window) {
  size_t lid = get_local_id(0);
  __global const int *row = in + get_group_id(0) * 64;
  event_t ev[2];
  ev[0] = async_work_group_copy(window, row, 40, 0);
  ev[1] = async_work_group_copy(window + 24, row + 64, 40, 0);
  wait_group_events(2, ev);
  out[get_global_id(0)] = window[lid];
}
