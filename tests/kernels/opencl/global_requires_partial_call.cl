//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//global_requires_partial_call\.cl:11:
// `__global_requires` states a fact about the whole work group: a call made
// by the first 16 work-items only (with stride == 100) cannot establish it
// for the others, so the precondition fails (issue 12 §5).
#define ROW 100

void store_strided(__global int *out, int stride, int value) {
  __requires(stride > 0);
  __global_requires(stride == ROW);
  out[get_group_id(0) * ROW * 64 + get_local_id(0) * stride] = value;
}

__kernel void fill_rows(__global int *out, int value) {
  if (get_local_id(0) < 16) {
    store_strided(out, ROW, value);
  }
}
