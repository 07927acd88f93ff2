//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[48,32]
//possible write-write race on dst\[
// Twin of image_size_kernel_args.cl without the image size: an image wider
// than 640 pixels makes pixel (640, y) and pixel (0, y + 1) share dst.

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void image_to_buffer(read_only image2d_t src, __global float *dst) {
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x < get_image_width(src) && y < get_image_height(src))
    dst[y * 640 + x] = read_imagef(src, nearest, (int2)(x, y)).x;
}
