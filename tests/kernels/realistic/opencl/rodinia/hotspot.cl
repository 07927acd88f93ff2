//pass
//--local_size=[16,16] --num_groups=[32,32] -Itests/kernels/realistic/opencl/rodinia -DBLOCK_SIZE=16 --kernel-args=hotspot,2,512,512,2,2,*,*,*,*,*
// Thermal simulation (the Rodinia benchmark's structure): each work-group
// loads a BLOCK_SIZE x BLOCK_SIZE tile of temperature and power into local
// memory and advances `iteration` time steps in place, the valid region
// shrinking by one cell per step (the "pyramid"), ping-ponging through a
// second local tile; the border cells clamp to the tile.
#include "rodinia.h"

__kernel void hotspot(int iteration, int grid_cols, int grid_rows,
                      __global float *power, __global float *temp_src, __global float *temp_dst,
                      int border_cols, int border_rows,
                      float Cap, float Rx, float Ry, float Rz, float step) {
  __local float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __local float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __local float temp_t[BLOCK_SIZE][BLOCK_SIZE];

  float amb_temp = 80.0f;
  float step_div_Cap = step / Cap;
  float Rx_1 = 1 / Rx, Ry_1 = 1 / Ry, Rz_1 = 1 / Rz;

  int bx = get_group_id(0), by = get_group_id(1);
  int tx = get_local_id(0), ty = get_local_id(1);

  int small_block_rows = BLOCK_SIZE - iteration * 2;
  int small_block_cols = BLOCK_SIZE - iteration * 2;
  int blkY = small_block_rows * by - border_rows;
  int blkX = small_block_cols * bx - border_cols;
  int blkYmax = blkY + BLOCK_SIZE - 1;
  int blkXmax = blkX + BLOCK_SIZE - 1;
  int yidx = blkY + ty, xidx = blkX + tx;

  int loadYidx = yidx, loadXidx = xidx;
  int index = grid_cols * loadYidx + loadXidx;
  if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
    temp_on_cuda[ty][tx] = temp_src[index];
    power_on_cuda[ty][tx] = power[index];
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  int validYmin = (blkY < 0) ? -blkY : 0;
  int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1) : BLOCK_SIZE - 1;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1) : BLOCK_SIZE - 1;

  int N = ty - 1, S = ty + 1, W = tx - 1, E = tx + 1;
  N = (N < validYmin) ? validYmin : N;
  S = (S > validYmax) ? validYmax : S;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;

  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
        IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
      computed = true;
      temp_t[ty][tx] = temp_on_cuda[ty][tx] +
          step_div_Cap * (power_on_cuda[ty][tx] +
                          (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0f * temp_on_cuda[ty][tx]) * Ry_1 +
                          (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0f * temp_on_cuda[ty][tx]) * Rx_1 +
                          (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == iteration - 1)
      break;
    if (computed)
      temp_on_cuda[ty][tx] = temp_t[ty][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  if (computed)
    temp_dst[index] = temp_t[ty][tx];
}
