//pass
//--blockDim=32 --gridDim=1
__global__ void local_array_private(int *out) {
  int acc[8];
  for (int k = 0; k < 8; k++) acc[k] = k + threadIdx.x;
  out[threadIdx.x] = acc[threadIdx.x % 8];
}
