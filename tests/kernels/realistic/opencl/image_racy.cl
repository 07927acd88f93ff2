//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[40,30] -DRADIUS=2 --kernel-args=box_filter_tile_overlap,640,480
//race on tile
// Local-tile box filter whose fill loop uses the wrong tile width for the
// row index, so two work-items write the same tile element.
#define TILE 16
#define RADIUS 2
#define APRON (TILE + 2 * RADIUS)
__kernel void box_filter_tile_overlap(__global const uchar4 *src, __global uchar4 *dst, int width, int height) {
  __local float4 tile[APRON][APRON];
  int lx = get_local_id(0), ly = get_local_id(1);
  for (int i = ly * TILE + lx; i < APRON * APRON; i += TILE * TILE) {
    int tx = i % TILE, ty = i / APRON;
    tile[ty][tx] = convert_float4(src[clamp((int)get_group_id(1) * TILE + ty, 0, height - 1) * width +
                                      clamp((int)get_group_id(0) * TILE + tx, 0, width - 1)]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 acc = (float4)(0.0f);
  for (int dy = 0; dy <= 2 * RADIUS; dy++)
    for (int dx = 0; dx <= 2 * RADIUS; dx++) acc += tile[ly + dy][lx + dx];
  dst[get_global_id(1) * width + get_global_id(0)] = convert_uchar4_sat(acc / 25.0f);
}
