//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[64,64] --kernel-args=transpose_wrong_out,1024,1024
//race on odata
// Transposed write that uses the group ids in the wrong order: two
// work-groups write the same output tile.
#define BLOCK_DIM 16
__kernel void transpose_wrong_out(__global float *odata, __global const float *idata, int width, int height) {
  __local float block[BLOCK_DIM][BLOCK_DIM + 1];
  uint x = get_global_id(0), y = get_global_id(1);
  block[get_local_id(1)][get_local_id(0)] = idata[y * width + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  x = get_group_id(1) * BLOCK_DIM + get_local_id(0);
  y = get_group_id(1) * BLOCK_DIM + get_local_id(1);
  odata[y * height + x] = block[get_local_id(0)][get_local_id(1)] + (float)get_group_id(0);
}
