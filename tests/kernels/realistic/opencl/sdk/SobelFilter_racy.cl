//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[32,32] -Itests/kernels/realistic/opencl/sdk --kernel-args=sobel_filter_local,inputImage=512x512,outputImage=512x512 --kernel-args=sobel_buffer,512,512
//possible [a-z-]+ race on tile\[
//possible [a-z-]+ race on inputImage\[
// The racy twin of SobelFilter.cl: the tiled kernel reads its halo before
// the barrier, and the buffer kernel writes its result in place of the
// left neighbour that another work-item is still reading.
#include "sdk_common.h"

#define TILE 16

__constant sampler_t imageSampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void sobel_filter_local(__read_only image2d_t inputImage, __write_only image2d_t outputImage) {
  __local float4 tile[TILE + 2][TILE + 2];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int gx0 = get_group_id(0) * TILE - 1, gy0 = get_group_id(1) * TILE - 1;
  for (int y = ly; y < TILE + 2; y += TILE)
    for (int x = lx; x < TILE + 2; x += TILE)
      tile[y][x] = read_imagef(inputImage, imageSampler, (int2)(gx0 + x, gy0 + y));
  const int x = lx + 1, y = ly + 1;
  float4 gx = tile[y - 1][x - 1] + 2.0f * tile[y - 1][x] + tile[y - 1][x + 1] -
              tile[y + 1][x - 1] - 2.0f * tile[y + 1][x] - tile[y + 1][x + 1];
  write_imagef(outputImage, (int2)(get_global_id(0), get_global_id(1)), (float4)(gx.xyz, 1.0f));
}

__kernel void sobel_buffer(__global uchar4 *inputImage, __global uchar4 *outputImage,
                           uint width, uint height) {
  uint x = get_global_id(0), y = get_global_id(1);
  if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1)
    return;
  int c = x + y * width;
  float4 gx = convert_float4(inputImage[c - 1]) - convert_float4(inputImage[c + 1]);
  outputImage[c] = convert_uchar4_sat(fabs(gx));
  inputImage[c - 1] = outputImage[c];
}
