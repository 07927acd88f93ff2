//pass
//--blockDim=64 --gridDim=2
// kind_read_write_shared with __syncthreads between read and write.
__global__ void kind_read_write_shared_fixed(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int x = s[(t + 1) % 64];
  __syncthreads();
  s[t] = x + 1;
  out[blockIdx.x * blockDim.x + t] = x;
}
