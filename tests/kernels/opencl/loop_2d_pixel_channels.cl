//pass
//--local_size=[8,8] --num_groups=[4,4]
// 2-D ids: each work-item writes the four channels of its pixel.
#define W 32
__kernel void loop_2d_pixel_channels(__global float *img, float gain) {
  unsigned x = get_global_id(0), y = get_global_id(1);
  for (unsigned c = 0; c < 4; c++)
    img[(y * W + x) * 4 + c] *= gain;
}
