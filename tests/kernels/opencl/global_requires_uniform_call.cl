//pass
//--local_size=64 --num_groups=4
// Twin of global_requires_partial_call.cl: every work-item of the group
// makes the call with stride == 100, so the group-wide precondition holds.
#define ROW 100

void store_strided(__global int *out, int stride, int value) {
  __requires(stride > 0);
  __global_requires(stride == ROW);
  out[get_group_id(0) * ROW * 64 + get_local_id(0) * stride] = value;
}

__kernel void fill_rows(__global int *out, int value) {
  store_strided(out, ROW, value);
}
