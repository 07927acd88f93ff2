//pass
//--local_size=[16,16] --num_groups=[4,4]
// get_work_dim() is the number of dimensions the launch flags give: this
// 2-D launch never takes the 1-D path, whose write of out[0] by every
// work item would race (work_dim_from_flags_1d.cl takes it).

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
