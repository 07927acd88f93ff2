//pass
//--blockDim=[4,4,4] --gridDim=[2,2,2]
__global__ void three_d_ids(int *v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  int w = gridDim.x * blockDim.x, h = gridDim.y * blockDim.y;
  v[(z * h + y) * w + x] = z;
}
