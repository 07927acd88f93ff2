//pass
//--local_size=64 --num_groups=8 -DBLOCK_SIZE=64
// Work-efficient scan of 2 * BLOCK_SIZE elements per work-group, written
// the GPU Gems 3 way: the block's total is saved and cleared by work item
// 0 right after the up-sweep, with no barrier in between (only work item 0
// is active in the up-sweep's last iteration). Needs rules pow2_exit (the
// down-sweep starts from the offset the up-sweep left) and halving_guard
// (after the up-sweep only work item 0 has an access since the barrier).
// Up-sweep alone: infer_tree_total.cl; racy twin: infer_blelloch_exit_racy.cl.
#define NUM_ELEMS (2 * BLOCK_SIZE)

__kernel void scan_block(__global int *out, __global const int *in,
                         __global int *block_sums) {
  __local int temp[NUM_ELEMS];
  int thid = get_local_id(0);
  int base = get_group_id(0) * NUM_ELEMS;
  temp[2 * thid] = in[base + 2 * thid];
  temp[2 * thid + 1] = in[base + 2 * thid + 1];
  int offset = 1;
  for (int d = NUM_ELEMS >> 1; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0) {
    block_sums[get_group_id(0)] = temp[NUM_ELEMS - 1];
    temp[NUM_ELEMS - 1] = 0;
  }
  for (int d = 1; d < NUM_ELEMS; d *= 2) {
    offset >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      int t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + 2 * thid] = temp[2 * thid];
  out[base + 2 * thid + 1] = temp[2 * thid + 1];
}
