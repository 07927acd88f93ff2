//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//race on tile\[
// The halo stencil without the barrier between loading and reading.
#define B 64
__global__ void loop_stencil_shared_halo_no_sync(const float *in, float *out) {
  __shared__ float tile[B + 2];
  for (unsigned i = threadIdx.x; i < B + 2; i += blockDim.x)
    tile[i] = in[i];
  unsigned t = threadIdx.x;
  out[t] = tile[t] + tile[t + 1] + tile[t + 2];
}
