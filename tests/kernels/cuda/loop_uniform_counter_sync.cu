//pass
//--blockDim=64 --gridDim=2
// A uniform loop with two barriers per iteration ping-ponging buffers.
__global__ void loop_uniform_counter_sync(float *a, int iters) {
  __shared__ float x[64];
  __shared__ float y[64];
  unsigned t = threadIdx.x;
  x[t] = a[blockIdx.x * 64 + t];
  __syncthreads();
  for (int i = 0; i < iters; i++) {
    y[t] = x[(t + 1) % 64];
    __syncthreads();
    x[t] = y[(t + 63) % 64] + 1.0f;
    __syncthreads();
  }
  a[blockIdx.x * 64 + t] = x[t];
}
