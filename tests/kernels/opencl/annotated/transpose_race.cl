//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8] --no-infer
//possible write-write race on out
// transpose.cl with the output row computed from the wrong group id: two
// groups write the same tile of `out`.
#define TILE 16

__kernel void transpose(__global float *out, __global const float *in, unsigned width,
                        unsigned height) {
  __requires(width == 128);
  __requires(height == 128);
  __local float tile[TILE][TILE + 1];
  unsigned x = get_group_id(0) * TILE + get_local_id(0);
  unsigned y = get_group_id(1) * TILE + get_local_id(1);
  tile[get_local_id(1)][get_local_id(0)] = in[y * width + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  x = get_group_id(1) * TILE + get_local_id(0);
  y = get_group_id(1) * TILE + get_local_id(1);
  out[y * height + x] = tile[get_local_id(0)][get_local_id(1)];
}
