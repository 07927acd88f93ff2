//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[4,4] -D WIDTH=64 -D HEIGHT=64
//possible write-read race on tile
// Without the barrier, a work item reads a tile element another work
// item has not written yet.
#define TILE 16

__kernel void transpose_racy(__global const float *in, __global float *out) {
  __local float tile[TILE][TILE + 1];
  int x = get_group_id(0) * TILE + get_local_id(0);
  int y = get_group_id(1) * TILE + get_local_id(1);
  tile[get_local_id(1)][get_local_id(0)] = in[y * WIDTH + x];
  x = get_group_id(1) * TILE + get_local_id(0);
  y = get_group_id(0) * TILE + get_local_id(1);
  out[y * HEIGHT + x] = tile[get_local_id(0)][get_local_id(1)];
}
