//pass
//--blockDim=64 --gridDim=2
__global__ void char_buffer(unsigned char *img, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) img[i] = img[i] > 128 ? 255 : 0;
}
