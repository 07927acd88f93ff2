//pass
//--blockDim=64 --gridDim=2
__global__ void pointer_choice(int *in, int *out, bool swap) {
  int *dst = swap ? in : out;
  dst[blockIdx.x * blockDim.x + threadIdx.x] = 0;
}
