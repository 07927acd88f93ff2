//pass
//--blockDim=64 --gridDim=4
// Each block copies four consecutive block-sized pieces.
__global__ void loop_block_cyclic_copy(const int *in, int *out) {
  unsigned base = blockIdx.x * blockDim.x * 4;
  for (unsigned k = 0; k < 4; k++)
    out[base + k * blockDim.x + threadIdx.x] = in[base + k * blockDim.x + threadIdx.x];
}
