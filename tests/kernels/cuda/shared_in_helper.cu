//pass
//--blockDim=32 --gridDim=1
__device__ void publish(int *s, int v) { s[threadIdx.x] = v; }
__global__ void shared_in_helper(int *out) {
  __shared__ int s[32];
  publish(s, threadIdx.x * 2);
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x];
}
