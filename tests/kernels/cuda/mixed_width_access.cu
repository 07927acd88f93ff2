//pass
//--blockDim=64 --gridDim=1
__global__ void mixed_width_access(int *words) {
  unsigned char *bytes = (unsigned char *)words;
  int t = threadIdx.x;
  words[2 * t] = 0;
  bytes[8 * t + 5] = 7;
}
