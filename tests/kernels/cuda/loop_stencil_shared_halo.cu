//pass
//--blockDim=64 --gridDim=8
// 3-point stencil: the block loads its tile and halo with a strided loop.
#define B 64
__global__ void loop_stencil_shared_halo(const float *in, float *out) {
  __shared__ float tile[B + 2];
  for (unsigned i = threadIdx.x; i < B + 2; i += blockDim.x)
    tile[i] = in[blockIdx.x * B + i];
  __syncthreads();
  unsigned t = threadIdx.x;
  out[blockIdx.x * B + t] = tile[t] + tile[t + 1] + tile[t + 2];
}
