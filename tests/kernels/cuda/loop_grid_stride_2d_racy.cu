//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[2,2]
//possible
// 2-D grid-stride loops whose column stride forgets the grid: blocks 0 and
// 1 of a row both reach column 16.
#define W 256
__global__ void loop_grid_stride_2d_racy(float *img) {
  for (unsigned y = blockIdx.y * blockDim.y + threadIdx.y; y < W; y += blockDim.y * gridDim.y)
    for (unsigned x = blockIdx.x * blockDim.x + threadIdx.x; x < W; x += blockDim.x)
      img[y * W + x] *= 0.5f;
}
