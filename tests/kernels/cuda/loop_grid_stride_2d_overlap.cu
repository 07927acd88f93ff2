//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[2,2]
//possible
// 2-D grid-stride loops over rows of 200 floats stored with a pitch of
// 128: row y's tail overlaps row y+1's head.
__global__ void loop_grid_stride_2d_overlap(float *img) {
  for (unsigned y = blockIdx.y * blockDim.y + threadIdx.y; y < 256; y += blockDim.y * gridDim.y)
    for (unsigned x = blockIdx.x * blockDim.x + threadIdx.x; x < 200; x += blockDim.x * gridDim.x)
      img[y * 128 + x] *= 0.5f;
}
