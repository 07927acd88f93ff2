//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//possible write-read race on lo
// Waits on the second copy's event only: the first copy may still be
// writing `lo` when it is read.
__kernel void pair_sum(__global const int *in, __global int *out, __local int *lo,
                       __local int *hi) {
  size_t lid = get_local_id(0);
  __global const int *row = in + get_group_id(0) * 128;
  event_t a = async_work_group_copy(lo, row, 64, 0);
  event_t b = async_work_group_copy(hi, row + 64, 64, 0);
  wait_group_events(1, &b);
  out[get_global_id(0)] = lo[lid] + hi[lid];
  wait_group_events(1, &a);
}
