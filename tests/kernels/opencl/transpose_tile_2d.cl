//pass
//--local_size=[8,8] --num_groups=[2,2]
// A 2-D tile transpose through local memory with a barrier.
__kernel void transpose_tile_2d(__global const float *in, __global float *out, int width) {
  __local float tile[8][8];
  int x = get_local_id(0), y = get_local_id(1);
  int gx = get_group_id(0) * 8, gy = get_group_id(1) * 8;
  tile[y][x] = in[(gy + y) * 16 + gx + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(gx + y) * 16 + gy + x] = tile[x][y];
}
