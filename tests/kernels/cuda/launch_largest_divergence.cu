//xfail:NOT_ALL_VERIFIED
//--blockDim=1024 --gridDim=4194303 --only-divergence
//barrier may be reached by non-uniform control flow
// Divergence under `threadIdx.x < 16` at the largest launch that fits 32-bit
// ids is reported (the launch assumptions hold, so the check is not vacuous).

__global__ void first_half_sync(int *out) {
  __shared__ int flags[1024];
  unsigned t = threadIdx.x;
  flags[t] = t;
  if (t < 16) {
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = flags[t];
}
