//xfail:NOT_ALL_VERIFIED
//--local_size=16,16 --num_groups=4,4 -DRADIUS=4
//possible write-read race on tile
// The halo load and the blur are not separated by a barrier.
#define TILE 16

__constant sampler_t clamp_nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void blur_horizontal(__read_only image2d_t src, __write_only image2d_t dst) {
  __local float4 tile[TILE][TILE + 2 * RADIUS];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int gx = get_global_id(0), gy = get_global_id(1);
  const int base_x = get_group_id(0) * TILE - RADIUS;
  for (int x = lx; x < TILE + 2 * RADIUS; x += TILE)
    tile[ly][x] = read_imagef(src, clamp_nearest, (int2)(base_x + x, gy));
  float4 sum = (float4)(0.0f);
  for (int k = -RADIUS; k <= RADIUS; ++k)
    sum += tile[ly][lx + RADIUS + k];
  write_imagef(dst, (int2)(gx, gy), sum / (float)(2 * RADIUS + 1));
}
