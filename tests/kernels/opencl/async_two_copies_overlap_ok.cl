//pass
//--local_size=64 --num_groups=2
// The twin of async_two_copies_overlap.cl: the halves do not overlap, and
// one wait on both events completes them.
__kernel void halo(__global const int *in, __global int *out, __local int *window) {
  size_t lid = get_local_id(0);
  __global const int *row = in + get_group_id(0) * 64;
  event_t ev[2];
  ev[0] = async_work_group_copy(window, row, 32, 0);
  ev[1] = async_work_group_copy(window + 32, row + 32, 32, 0);
  wait_group_events(2, ev);
  out[get_global_id(0)] = window[lid] + window[63 - lid];
}
