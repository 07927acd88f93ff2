//pass
//--blockDim=[8,8] --gridDim=[4,2]
// 2-D grid-stride loops over 100 columns of rows with a pitch of 128
// floats: the columns never reach the next row (rule access_2d).
__global__ void loop_grid_stride_2d_pitch(float *img, float v) {
  for (unsigned y = blockIdx.y * blockDim.y + threadIdx.y; y < 64; y += blockDim.y * gridDim.y)
    for (unsigned x = blockIdx.x * blockDim.x + threadIdx.x; x < 100; x += blockDim.x * gridDim.x)
      img[y * 128 + x] = v;
}
