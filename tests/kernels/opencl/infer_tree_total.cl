//pass
//--local_size=64 --num_groups=8 -DBLOCK_SIZE=64
// Race-free twin of infer_blelloch_exit_racy.cl: the up-sweep (a tree
// reduction in place) then work item 0 saves and clears the block total
// with no barrier; only work item 0 ran the last iteration. Needs rule
// halving_guard.
#define NUM_ELEMS (2 * BLOCK_SIZE)

__kernel void reduce_block(__global int *data, __global int *block_sums) {
  __local int temp[NUM_ELEMS];
  int thid = get_local_id(0);
  int base = get_group_id(0) * NUM_ELEMS;
  temp[2 * thid] = data[base + 2 * thid];
  temp[2 * thid + 1] = data[base + 2 * thid + 1];
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
  barrier(CLK_LOCAL_MEM_FENCE);
  data[base + 2 * thid] = temp[2 * thid];
  data[base + 2 * thid + 1] = temp[2 * thid + 1];
}
