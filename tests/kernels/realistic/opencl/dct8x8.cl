//pass
//--local_size=[8,8] --num_groups=[64,64] --kernel-args=DCT8x8,512,512
// 8x8 DCT with the coefficient matrix in __constant memory: two matrix
// products through a local block (rows, then columns).
#define BLOCK_SIZE 8

__kernel void DCT8x8(__global float *d_Dst, __global const float *d_Src, uint stride, uint imageH,
                     __constant float *dct) {
  __local float l_Transpose[BLOCK_SIZE][BLOCK_SIZE + 1];
  __local float l_Tmp[BLOCK_SIZE][BLOCK_SIZE + 1];
  const uint lx = get_local_id(0), ly = get_local_id(1);
  const uint gx = get_global_id(0), gy = get_global_id(1);
  l_Transpose[ly][lx] = d_Src[gy * stride + gx];
  barrier(CLK_LOCAL_MEM_FENCE);
  float acc = 0.0f;
  for (uint k = 0; k < BLOCK_SIZE; k++) acc += dct[ly * BLOCK_SIZE + k] * l_Transpose[k][lx];
  l_Tmp[ly][lx] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  acc = 0.0f;
  for (uint k = 0; k < BLOCK_SIZE; k++) acc += l_Tmp[ly][k] * dct[lx * BLOCK_SIZE + k];
  d_Dst[gy * stride + gx] = acc;
}
