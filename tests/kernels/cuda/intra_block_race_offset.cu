//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
__global__ void intra_block_race_offset(int *a) {
  a[threadIdx.x] = a[threadIdx.x + 1];
}
