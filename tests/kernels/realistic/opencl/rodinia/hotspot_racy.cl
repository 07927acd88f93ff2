//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[32,32] -Itests/kernels/realistic/opencl/rodinia -DBLOCK_SIZE=16 --kernel-args=hotspot,2,512,512,2,2,*,*,*,*,*
//possible [a-z-]+ race on temp_on_cuda\[
// The racy twin of hotspot.cl: the copy back into the working tile no
// longer waits for the neighbours' reads of the same step (the barrier
// after the stencil update was dropped).
#include "rodinia.h"

__kernel void hotspot(int iteration, int grid_cols, int grid_rows,
                      __global float *power, __global float *temp_src, __global float *temp_dst,
                      int border_cols, int border_rows,
                      float Cap, float Rx, float Ry, float Rz, float step) {
  __local float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __local float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __local float temp_t[BLOCK_SIZE][BLOCK_SIZE];
  float step_div_Cap = step / Cap;
  float Rx_1 = 1 / Rx, Ry_1 = 1 / Ry;
  int bx = get_group_id(0), by = get_group_id(1);
  int tx = get_local_id(0), ty = get_local_id(1);
  int small_block = BLOCK_SIZE - iteration * 2;
  int yidx = small_block * by - border_rows + ty, xidx = small_block * bx - border_cols + tx;
  int index = grid_cols * yidx + xidx;
  if (IN_RANGE(yidx, 0, grid_rows - 1) && IN_RANGE(xidx, 0, grid_cols - 1)) {
    temp_on_cuda[ty][tx] = temp_src[index];
    power_on_cuda[ty][tx] = power[index];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int N = max(ty - 1, 0), S = min(ty + 1, BLOCK_SIZE - 1);
  int W = max(tx - 1, 0), E = min(tx + 1, BLOCK_SIZE - 1);
  bool computed = false;
  for (int i = 0; i < iteration; i++) {
    computed = IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2);
    if (computed)
      temp_t[ty][tx] = temp_on_cuda[ty][tx] +
          step_div_Cap * (power_on_cuda[ty][tx] +
                          (temp_on_cuda[S][tx] + temp_on_cuda[N][tx]) * Ry_1 +
                          (temp_on_cuda[ty][E] + temp_on_cuda[ty][W]) * Rx_1);
    if (computed)
      temp_on_cuda[ty][tx] = temp_t[ty][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (computed && IN_RANGE(yidx, 0, grid_rows - 1) && IN_RANGE(xidx, 0, grid_cols - 1))
    temp_dst[index] = temp_t[ty][tx];
}
