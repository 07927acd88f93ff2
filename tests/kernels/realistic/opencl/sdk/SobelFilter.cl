//pass
//--local_size=[16,16] --num_groups=[32,32] -Itests/kernels/realistic/opencl/sdk --kernel-args=sobel_filter,inputImage=512x512,outputImage=512x512 --kernel-args=sobel_filter_local,inputImage=512x512,outputImage=512x512 --kernel-args=sobel_buffer,512,512
// Sobel edge detection in the style of the SDK sample: on images through a
// sampler, on images with the 18x18 neighbourhood staged in a local tile,
// and on a uchar4 buffer (host code: SobelFilter_host.c).
#include "sdk_common.h"

#define TILE 16

__constant sampler_t imageSampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void sobel_filter(__read_only image2d_t inputImage, __write_only image2d_t outputImage) {
  int2 coord = (int2)(get_global_id(0), get_global_id(1));
  float4 i00 = read_imagef(inputImage, imageSampler, coord + (int2)(-1, -1));
  float4 i10 = read_imagef(inputImage, imageSampler, coord + (int2)(0, -1));
  float4 i20 = read_imagef(inputImage, imageSampler, coord + (int2)(1, -1));
  float4 i01 = read_imagef(inputImage, imageSampler, coord + (int2)(-1, 0));
  float4 i21 = read_imagef(inputImage, imageSampler, coord + (int2)(1, 0));
  float4 i02 = read_imagef(inputImage, imageSampler, coord + (int2)(-1, 1));
  float4 i12 = read_imagef(inputImage, imageSampler, coord + (int2)(0, 1));
  float4 i22 = read_imagef(inputImage, imageSampler, coord + (int2)(1, 1));
  float4 gx = i00 + 2.0f * i10 + i20 - i02 - 2.0f * i12 - i22;
  float4 gy = i00 - i20 + 2.0f * i01 - 2.0f * i21 + i02 - i22;
  float4 g = native_sqrt(gx * gx + gy * gy) / 2.0f;
  write_imagef(outputImage, coord, (float4)(g.xyz, 1.0f));
}

__kernel void sobel_filter_local(__read_only image2d_t inputImage, __write_only image2d_t outputImage) {
  __local float4 tile[TILE + 2][TILE + 2];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int gx0 = get_group_id(0) * TILE - 1, gy0 = get_group_id(1) * TILE - 1;
  // The 18x18 halo tile, loaded by the 16x16 work-items in strides.
  for (int y = ly; y < TILE + 2; y += TILE)
    for (int x = lx; x < TILE + 2; x += TILE)
      tile[y][x] = read_imagef(inputImage, imageSampler, (int2)(gx0 + x, gy0 + y));
  barrier(CLK_LOCAL_MEM_FENCE);
  const int x = lx + 1, y = ly + 1;
  float4 gx = tile[y - 1][x - 1] + 2.0f * tile[y - 1][x] + tile[y - 1][x + 1] -
              tile[y + 1][x - 1] - 2.0f * tile[y + 1][x] - tile[y + 1][x + 1];
  float4 gy = tile[y - 1][x - 1] - tile[y - 1][x + 1] + 2.0f * tile[y][x - 1] -
              2.0f * tile[y][x + 1] + tile[y + 1][x - 1] - tile[y + 1][x + 1];
  float4 g = hypot(gx, gy) / 2.0f;
  write_imagef(outputImage, (int2)(get_global_id(0), get_global_id(1)), (float4)(g.xyz, 1.0f));
}

__kernel void sobel_buffer(__global const uchar4 *inputImage, __global uchar4 *outputImage,
                           uint width, uint height) {
  uint x = get_global_id(0), y = get_global_id(1);
  if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1)
    return;
  int c = x + y * width;
  float4 i00 = convert_float4(inputImage[c - 1 - width]);
  float4 i10 = convert_float4(inputImage[c - width]);
  float4 i20 = convert_float4(inputImage[c + 1 - width]);
  float4 i01 = convert_float4(inputImage[c - 1]);
  float4 i21 = convert_float4(inputImage[c + 1]);
  float4 i02 = convert_float4(inputImage[c - 1 + width]);
  float4 i12 = convert_float4(inputImage[c + width]);
  float4 i22 = convert_float4(inputImage[c + 1 + width]);
  float4 gx = i00 + 2.0f * i10 + i20 - i02 - 2.0f * i12 - i22;
  float4 gy = i00 - i20 + 2.0f * i01 - 2.0f * i21 + i02 - i22;
  outputImage[c] = convert_uchar4_sat(hypot(gx, gy) / 2.0f);
}
