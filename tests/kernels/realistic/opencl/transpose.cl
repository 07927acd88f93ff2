//pass
//--local_size=[16,16] --num_groups=[64,64] -DBLOCK_DIM=16 --kernel-args=transpose,1024,1024 --kernel-args=transpose_naive,1024,1024
// Matrix transpose (the SDK sample): naive, and through a local tile with
// one column of padding; width/height are kernel arguments.
#ifndef BLOCK_DIM
#define BLOCK_DIM 16
#endif

__kernel void transpose_naive(__global float *odata, __global const float *idata, int width, int height) {
  unsigned int xIndex = get_global_id(0);
  unsigned int yIndex = get_global_id(1);
  if (xIndex < width && yIndex < height) {
    unsigned int index_in = xIndex + width * yIndex;
    unsigned int index_out = yIndex + height * xIndex;
    odata[index_out] = idata[index_in];
  }
}

__kernel void transpose(__global float *odata, __global const float *idata, int width, int height) {
  __local float block[BLOCK_DIM * (BLOCK_DIM + 1)];
  unsigned int xIndex = get_global_id(0);
  unsigned int yIndex = get_global_id(1);
  if ((xIndex < width) && (yIndex < height)) {
    unsigned int index_in = yIndex * width + xIndex;
    block[get_local_id(1) * (BLOCK_DIM + 1) + get_local_id(0)] = idata[index_in];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  xIndex = get_group_id(1) * BLOCK_DIM + get_local_id(0);
  yIndex = get_group_id(0) * BLOCK_DIM + get_local_id(1);
  if ((xIndex < height) && (yIndex < width)) {
    unsigned int index_out = yIndex * height + xIndex;
    odata[index_out] = block[get_local_id(0) * (BLOCK_DIM + 1) + get_local_id(1)];
  }
}
