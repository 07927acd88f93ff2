//pass
//--blockDim=[16,16] --gridDim=[8,8] --kernel-args=two_d_indexing,128
__global__ void two_d_indexing(float *m, int pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  m[y * pitch + x] = (float)(x + y);
}
