//pass
//--blockDim=64 --gridDim=2 --only-intra-group
// The only race is between blocks; --only-intra-group skips it.
__global__ void only_intra_group_cuda(int *a) {
  a[threadIdx.x] = blockIdx.x;
}
