//pass
//--local_size=[16,16] --num_groups=[2,2] --kernel-args=box_blur_halo,32,32
// A 3x3 box blur that stages its tile with a one-pixel halo in local
// memory: the 18x18 tile is loaded by the 16x16 work-items with nested
// strided loops, so work-item (lx, ly) loads the cells (lx + 16a, ly + 16b).
// Needs rules stride_bound (y < 18 + 16 at the outer head, so y * 18 + x
// does not wrap) and while_running on the outer guard (a work-item runs the
// inner loop only while y < 18), with access_2d's row and column residues.
// Racy twin: infer_halo_tile_racy.cl.
#define TILE 16
#define HALO_W (TILE + 2)

__kernel void box_blur_halo(__global const float *in, __global float *out, int width,
                            int height) {
  __local float tile[HALO_W][HALO_W];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int x0 = get_group_id(0) * TILE - 1, y0 = get_group_id(1) * TILE - 1;
  for (int y = ly; y < HALO_W; y += TILE)
    for (int x = lx; x < HALO_W; x += TILE) {
      int gx = clamp(x0 + x, 0, width - 1), gy = clamp(y0 + y, 0, height - 1);
      tile[y][x] = in[gy * width + gx];
    }
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int dy = 0; dy < 3; dy++)
    for (int dx = 0; dx < 3; dx++)
      sum += tile[ly + dy][lx + dx];
  out[get_global_id(1) * width + get_global_id(0)] = sum / 9.0f;
}
