//pass
//--blockDim=64 --gridDim=8
// Grid-stride loop over unsigned indices, with the stride in a local.
__global__ void loop_grid_stride_unsigned(unsigned n, int *out) {
  unsigned stride = gridDim.x * blockDim.x;
  unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned i = tid; i < n; i += stride)
    out[i] = (int)i;
}
