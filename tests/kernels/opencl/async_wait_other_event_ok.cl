//pass
//--local_size=64 --num_groups=2
// The twin of async_wait_other_event.cl: the second copy joins the first
// one's event, so one wait completes both.
__kernel void pair_sum(__global const int *in, __global int *out, __local int *lo,
                       __local int *hi) {
  size_t lid = get_local_id(0);
  __global const int *row = in + get_group_id(0) * 128;
  event_t a = async_work_group_copy(lo, row, 64, 0);
  a = async_work_group_copy(hi, row + 64, 64, a);
  wait_group_events(1, &a);
  out[get_global_id(0)] = lo[lid] + hi[63 - lid];
}
