//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=2
// CUDA wording: thread 3 of block 1 writes out[0], thread 0 of block 0
// reads it.
__global__ void inter_block(int *out, int *res) {
  if (threadIdx.x == 3 && blockIdx.x == 1)
    out[0] = 42;
  if (threadIdx.x == 0 && blockIdx.x == 0)
    res[1] = out[0];
}
