//pass
//--local_size=[16,16] --num_groups=[40,30] -DRADIUS=2 --kernel-args=box_filter_local,640,480
// Box filter through a local tile with an apron of RADIUS, filled by a
// strided loop over the (16+2R)^2 tile; buffers, uchar4 pixels.
#define TILE 16
#ifndef RADIUS
#define RADIUS 1
#endif
#define APRON (TILE + 2 * RADIUS)

__kernel void box_filter_local(__global const uchar4 *src, __global uchar4 *dst, int width, int height) {
  __local float4 tile[APRON][APRON];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx0 = get_group_id(0) * TILE - RADIUS;
  int gy0 = get_group_id(1) * TILE - RADIUS;
  for (int i = ly * TILE + lx; i < APRON * APRON; i += TILE * TILE) {
    int tx = i % APRON, ty = i / APRON;
    int sx = clamp(gx0 + tx, 0, width - 1);
    int sy = clamp(gy0 + ty, 0, height - 1);
    tile[ty][tx] = convert_float4(src[sy * width + sx]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int x = get_global_id(0), y = get_global_id(1);
  if (x < width && y < height) {
    float4 acc = (float4)(0.0f);
    for (int dy = 0; dy <= 2 * RADIUS; dy++)
      for (int dx = 0; dx <= 2 * RADIUS; dx++) acc += tile[ly + dy][lx + dx];
    dst[y * width + x] = convert_uchar4_sat(acc / (float)((2 * RADIUS + 1) * (2 * RADIUS + 1)));
  }
}
