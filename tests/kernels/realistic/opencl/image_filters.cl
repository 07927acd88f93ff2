//pass
//--local_size=[16,16] --num_groups=[40,30] -Itests/kernels/realistic/opencl/include --kernel-args=gaussian_blur,src=640x480,dst=640x480,2 --kernel-args=sobel,src=640x480,dst=640x480 --kernel-args=to_grayscale,src=640x480,dst=640x480 --kernel-args=bilinear_resize,src=1280x960,dst=640x480
// Image kernels in the style of image-processing libraries: a program-scope
// sampler, 2-D images read with float and integer coordinates, a helper
// header for colour math, several kernels per file.
#include "common.h"

__constant sampler_t sampler_clamp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t sampler_linear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

__kernel void gaussian_blur(__read_only image2d_t src, __write_only image2d_t dst, int radius) {
  int2 pos = (int2)(get_global_id(0), get_global_id(1));
  float4 sum = (float4)(0.0f);
  float wsum = 0.0f;
  for (int dy = -radius; dy <= radius; dy++) {
    for (int dx = -radius; dx <= radius; dx++) {
      float w = exp(-(float)(dx * dx + dy * dy) / (2.0f * radius * radius));
      sum += w * read_imagef(src, sampler_clamp, pos + (int2)(dx, dy));
      wsum += w;
    }
  }
  write_imagef(dst, pos, sum / wsum);
}

__kernel void sobel(read_only image2d_t src, write_only image2d_t dst) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 p00 = read_imagef(src, sampler_clamp, (int2)(x - 1, y - 1));
  float4 p10 = read_imagef(src, sampler_clamp, (int2)(x, y - 1));
  float4 p20 = read_imagef(src, sampler_clamp, (int2)(x + 1, y - 1));
  float4 p01 = read_imagef(src, sampler_clamp, (int2)(x - 1, y));
  float4 p21 = read_imagef(src, sampler_clamp, (int2)(x + 1, y));
  float4 p02 = read_imagef(src, sampler_clamp, (int2)(x - 1, y + 1));
  float4 p12 = read_imagef(src, sampler_clamp, (int2)(x, y + 1));
  float4 p22 = read_imagef(src, sampler_clamp, (int2)(x + 1, y + 1));
  float4 gx = -p00 - 2.0f * p01 - p02 + p20 + 2.0f * p21 + p22;
  float4 gy = -p00 - 2.0f * p10 - p20 + p02 + 2.0f * p12 + p22;
  float4 g = sqrt(gx * gx + gy * gy);
  g.w = 1.0f;
  if (x < get_image_width(dst) && y < get_image_height(dst)) write_imagef(dst, (int2)(x, y), g);
}

__kernel void to_grayscale(__read_only image2d_t src, __write_only image2d_t dst) {
  int2 pos = (int2)(get_global_id(0), get_global_id(1));
  int2 dim = get_image_dim(src);
  if (pos.x >= dim.x || pos.y >= dim.y) return;
  float4 c = read_imagef(src, sampler_clamp, pos);
  float l = luminance(c);
  write_imagef(dst, pos, (float4)(l, l, l, c.w));
}

__kernel void bilinear_resize(__read_only image2d_t src, __write_only image2d_t dst) {
  int2 pos = (int2)(get_global_id(0), get_global_id(1));
  float2 size = (float2)(get_image_width(dst), get_image_height(dst));
  float2 uv = (convert_float2(pos) + 0.5f) / size;
  write_imagef(dst, pos, read_imagef(src, sampler_linear, uv));
}

__kernel void threshold_u8(__read_only image2d_t src, __write_only image2d_t dst, uint level) {
  int2 pos = (int2)(get_global_id(0), get_global_id(1));
  uint4 p = read_imageui(src, sampler_clamp, pos);
  uint4 o = (p.x > level) ? (uint4)(255, 255, 255, 255) : (uint4)(0, 0, 0, 255);
  write_imageui(dst, pos, o);
}
