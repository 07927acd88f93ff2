//pass
//--blockDim=[16,16] --gridDim=[2,2]
// 2-D grid-stride loops over a 256 x 256 image.
#define W 256
__global__ void loop_grid_stride_2d(float *img) {
  for (unsigned y = blockIdx.y * blockDim.y + threadIdx.y; y < W; y += blockDim.y * gridDim.y)
    for (unsigned x = blockIdx.x * blockDim.x + threadIdx.x; x < W; x += blockDim.x * gridDim.x)
      img[y * W + x] *= 0.5f;
}
