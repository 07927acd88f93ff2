//pass
//--local_size=[16,16] --num_groups=[48,32] --kernel-args=image_to_buffer,src=640x480
//arguments get_image_width\(src\) == 640, get_image_height\(src\) == 480
// A 768x512 launch over a 640x480 image, guarded by the image's size:
// rows of `dst` are 640 floats, so the copy is race-free only for images at
// most 640 wide; --kernel-args gives the size (name=WxH, not positional).
// The twin image_size_unknown.cl has no size and is reported.

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void image_to_buffer(read_only image2d_t src, __global float *dst) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x < get_image_width(src) && y < get_image_height(src))
    dst[y * 640 + x] = read_imagef(src, nearest, (int2)(x, y)).x;
}
