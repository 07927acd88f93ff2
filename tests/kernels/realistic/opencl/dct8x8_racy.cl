//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[64,64] --kernel-args=DCT8x8InPlaceLocal,512
//race on l_Block
// The DCT's second product written back into the block it reads from.
#define BLOCK_SIZE 8
__kernel void DCT8x8InPlaceLocal(__global float *d_Dst, __global const float *d_Src, uint stride, __constant float *dct) {
  __local float l_Block[BLOCK_SIZE][BLOCK_SIZE + 1];
  const uint lx = get_local_id(0), ly = get_local_id(1);
  l_Block[ly][lx] = d_Src[get_global_id(1) * stride + get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  float acc = 0.0f;
  for (uint k = 0; k < BLOCK_SIZE; k++) acc += dct[ly * BLOCK_SIZE + k] * l_Block[k][lx];
  l_Block[ly][lx] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  d_Dst[get_global_id(1) * stride + get_global_id(0)] = l_Block[ly][lx];
}
