//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
//possible write-write race on out\[0\]
// A 1-D launch: get_work_dim() is 1, so the fallback path runs and every
// work item writes out[0] (twin of work_dim_from_flags.cl).

#define W 64

__kernel void copy_image_rows(__global float *out, __global const float *in) {
  size_t x = get_global_id(0);
  if (get_work_dim() == 2) {
    size_t y = get_global_id(1);
    out[y * W + x] = in[y * W + x];
  } else {
    out[0] = in[x];
  }
}
