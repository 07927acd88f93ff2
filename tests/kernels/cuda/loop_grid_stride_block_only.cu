//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
//race on y\[
// The loop starts at threadIdx.x in every block: blocks overlap.
__global__ void loop_grid_stride_block_only(int n, float *y) {
  for (int i = threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = 2.0f * y[i];
}
