//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=32 -Itests/kernels/realistic/opencl/rodinia -DBLOCK_SIZE=16 --kernel-args=nw_kernel1,10,513,32,2
//possible [a-z-]+ race on input_itemsets_l\[
// The racy twin of nw.cl: the first anti-diagonal sweep lost its barrier,
// so a cell is computed while its north neighbour (another work-item's
// cell of the previous diagonal) is still being written.
#include "rodinia.h"

static inline int maximum(int a, int b, int c) {
  int k = a <= b ? b : a;
  return k <= c ? c : k;
}

#define SCORE(i, j) input_itemsets_l[j + i * (BLOCK_SIZE + 1)]
#define REF(i, j) reference_l[j + i * BLOCK_SIZE]

static void nw_block(__global const int *reference_d, __global int *input_itemsets_d,
                     __local int *input_itemsets_l, __local int *reference_l,
                     int cols, int penalty, int b_index_x, int b_index_y) {
  int tx = get_local_id(0);
  int index = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (cols + 1);
  int index_n = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + 1;
  int index_w = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + cols;
  int index_nw = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;

  if (tx == 0)
    SCORE(tx, 0) = input_itemsets_d[index_nw];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int ty = 0; ty < BLOCK_SIZE; ty++)
    REF(ty, tx) = reference_d[index + cols * ty];
  barrier(CLK_LOCAL_MEM_FENCE);
  SCORE((tx + 1), 0) = input_itemsets_d[index_w + cols * tx];
  barrier(CLK_LOCAL_MEM_FENCE);
  SCORE(0, (tx + 1)) = input_itemsets_d[index_n];
  barrier(CLK_LOCAL_MEM_FENCE);

  for (int m = 0; m < BLOCK_SIZE; m++) {
    if (tx <= m) {
      int t_index_x = tx + 1;
      int t_index_y = m - tx + 1;
      SCORE(t_index_y, t_index_x) =
          maximum(SCORE((t_index_y - 1), (t_index_x - 1)) + REF((t_index_y - 1), (t_index_x - 1)),
                  SCORE((t_index_y), (t_index_x - 1)) - penalty,
                  SCORE((t_index_y - 1), (t_index_x)) - penalty);
    }
  }
  for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
    if (tx <= m) {
      int t_index_x = tx + BLOCK_SIZE - m;
      int t_index_y = BLOCK_SIZE - tx;
      SCORE(t_index_y, t_index_x) =
          maximum(SCORE((t_index_y - 1), (t_index_x - 1)) + REF((t_index_y - 1), (t_index_x - 1)),
                  SCORE((t_index_y), (t_index_x - 1)) - penalty,
                  SCORE((t_index_y - 1), (t_index_x)) - penalty);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int ty = 0; ty < BLOCK_SIZE; ty++)
    input_itemsets_d[index + cols * ty] = SCORE((ty + 1), (tx + 1));
}

__kernel void nw_kernel1(__global const int *reference_d, __global int *input_itemsets_d,
                         __local int *input_itemsets_l, __local int *reference_l,
                         int penalty, int cols, int blk, int block_width) {
  int bx = get_group_id(0);
  if (bx >= blk)
    return;
  nw_block(reference_d, input_itemsets_d, input_itemsets_l, reference_l, cols, penalty,
           bx, blk - 1 - bx);
}
