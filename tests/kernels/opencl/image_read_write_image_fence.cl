//pass
//--local_size=16,16 --num_groups=1,1 --cl-std=CL2.0
// In-place filters on OpenCL 2.0 read_write images run by one work-group:
// every pixel is read before the barrier and written after it. The barrier
// names CLK_IMAGE_MEM_FENCE, which alone orders image memory.
#include "include/pixel_ops.h"

__kernel void sharpen_rows_in_place(read_write image2d_t img, float amount) {
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  const int w = get_image_width(img), h = get_image_height(img);
  float4 left = read_imagef(img, clamp_coord(p - (int2)(1, 0), w, h));
  float4 centre = read_imagef(img, p);
  float4 right = read_imagef(img, clamp_coord(p + (int2)(1, 0), w, h));
  barrier(CLK_IMAGE_MEM_FENCE);
  write_imagef(img, p, sharpen3(left, centre, right, amount));
}

// Row sums through a local tile, written back into the image: the first
// barrier orders the tile, the second the image.
__kernel void normalise_rows_in_place(read_write image2d_t img) {
  __local float row_luma[16][16];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 px = read_imagef(img, p);
  row_luma[ly][lx] = luma(px);
  barrier(CLK_LOCAL_MEM_FENCE);
  float total = 0.0f;
  for (int x = 0; x < 16; ++x)
    total += row_luma[ly][x];
  barrier(CLK_LOCAL_MEM_FENCE | CLK_IMAGE_MEM_FENCE);
  write_imagef(img, p, px / fmax(total, 1e-6f));
}

// A 1-D history buffer image rotated by one texel per pass.
__kernel void rotate_history(read_write image1d_t history, int passes) {
  const int x = get_local_id(0) + 16 * get_local_id(1);
  for (int i = 0; i < passes; ++i) {
    uint4 prev = read_imageui(history, x == 0 ? 255 : x - 1);
    work_group_barrier(CLK_IMAGE_MEM_FENCE);
    write_imageui(history, x, prev);
    work_group_barrier(CLK_IMAGE_MEM_FENCE);
  }
}
