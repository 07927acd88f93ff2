//pass
//--blockDim=64 --gridDim=1 --only-divergence
// A race on a shared cell, but only barrier divergence is checked.
__global__ void only_divergence_cuda(int *out) {
  __shared__ int s[1];
  s[0] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
