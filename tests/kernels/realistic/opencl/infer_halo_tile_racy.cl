//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[2,2] --kernel-args=box_blur_halo,32,32
//possible write-write race on tile\[
// Racy twin of infer_halo_tile.cl: the inner loop runs one column too far
// (`x <= HALO_W`), so work-item (2, ly) also writes tile[ly][18], which is
// tile[ly + 1][0], the cell work-item (0, ly + 1) loads: a write-write race
// on the tile that must be reported.
#define TILE 16
#define HALO_W (TILE + 2)

__kernel void box_blur_halo(__global const float *in, __global float *out, int width,
                            int height) {
  __local float tile[HALO_W][HALO_W];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int x0 = get_group_id(0) * TILE - 1, y0 = get_group_id(1) * TILE - 1;
  for (int y = ly; y < HALO_W; y += TILE)
    for (int x = lx; x <= HALO_W; x += TILE) {
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
