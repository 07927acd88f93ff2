//pass
//--local_size=16,16 --num_groups=4,4 -DRADIUS=4
// Separable box blur of an RGBA image: each work-group loads a tile with
// a halo into local memory, blurs rows, then columns, and writes its pixel.
#define TILE 16

__constant sampler_t clamp_nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

static float4 blur_row(__local const float4 *row, int x) {
  float4 sum = (float4)(0.0f);
  for (int k = -RADIUS; k <= RADIUS; ++k)
    sum += row[x + RADIUS + k];
  return sum / (float)(2 * RADIUS + 1);
}

__kernel void blur_horizontal(__read_only image2d_t src, __write_only image2d_t dst) {
  __local float4 tile[TILE][TILE + 2 * RADIUS];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int gx = get_global_id(0), gy = get_global_id(1);
  const int base_x = get_group_id(0) * TILE - RADIUS;
  for (int x = lx; x < TILE + 2 * RADIUS; x += TILE)
    tile[ly][x] = read_imagef(src, clamp_nearest, (int2)(base_x + x, gy));
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 result = blur_row(tile[ly], lx);
  if (gx < get_image_width(dst) && gy < get_image_height(dst))
    write_imagef(dst, (int2)(gx, gy), result);
}

__kernel void blur_vertical(read_only image2d_t src, write_only image2d_t dst,
                            sampler_t sampler) {
  const int gx = get_global_id(0), gy = get_global_id(1);
  float4 sum = (float4)(0.0f);
  for (int k = -RADIUS; k <= RADIUS; ++k)
    sum += read_imagef(src, sampler, (float2)(gx + 0.5f, gy + k + 0.5f));
  write_imagef(dst, (int2)(gx, gy), sum / (float)(2 * RADIUS + 1));
}
