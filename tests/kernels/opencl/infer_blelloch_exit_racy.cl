//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 -DBLOCK_SIZE=64
//possible (write-read|read-write|write-write) race on temp\[
// Twin of infer_blelloch_exit.cl (up-sweep only): the last work item, not
// work item 0, saves and clears the block total with no barrier after the
// up-sweep, whose last iteration work item 0 ran alone, writing
// temp[NUM_ELEMS - 1].
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
  if (thid == BLOCK_SIZE - 1) {
    block_sums[get_group_id(0)] = temp[NUM_ELEMS - 1];
    temp[NUM_ELEMS - 1] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[base + 2 * thid] = temp[2 * thid];
  data[base + 2 * thid + 1] = temp[2 * thid + 1];
}
