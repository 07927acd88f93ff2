//xfail:NOT_ALL_VERIFIED
//--local_size=16,16 --num_groups=1,1 --cl-std=CL2.0
//possible read-write race on img\(
// Racy twin of image_read_write_image_fence.cl: the barrier names the
// local and global fences but not CLK_IMAGE_MEM_FENCE, so the in-place
// image update is unordered.
#include "include/pixel_ops.h"

__kernel void sharpen_rows_in_place(read_write image2d_t img, float amount) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  const int w = get_image_width(img), h = get_image_height(img);
  float4 left = read_imagef(img, clamp_coord(p - (int2)(1, 0), w, h));
  float4 centre = read_imagef(img, p);
  float4 right = read_imagef(img, clamp_coord(p + (int2)(1, 0), w, h));
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  write_imagef(img, p, sharpen3(left, centre, right, amount));
}
