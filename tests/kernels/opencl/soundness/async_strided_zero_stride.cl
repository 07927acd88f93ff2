//pass
//--local_size=64 --num_groups=2
// Race-free twin of async_strided_zero_stride_race.cl: the group's
// column is scattered with the number of groups as the stride, so the
// elements of one copy, and the copies of the two groups, never overlap;
// a strided gather with a zero source stride only reads one element many
// times (allowed: reads do not conflict), and a one-element copy with a
// zero stride writes one element once.
#define WG 64

__kernel void column_scatter(__global float *cols, __global const float *in) {
  __local float partial[WG];
  const int l = get_local_id(0);
  partial[l] = in[get_global_id(0)] * 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(cols + get_group_id(0), partial, WG,
                                            get_num_groups(0), 0);
  wait_group_events(1, &e);
}

__kernel void last_only(__global float *last, __global const float *in) {
  __local float partial[WG];
  const int l = get_local_id(0);
  partial[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(last + get_group_id(0), partial + WG - 1, 1, 0, 0);
  wait_group_events(1, &e);
}
