//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//possible write-read race on s
// The helper publishes a value in shared memory without a barrier before
// the other threads read it.
__device__ void publish(int *s, int v) { s[v] = v; }

__global__ void helper_shared_race(int *out) {
  __shared__ int s[32];
  publish(s, threadIdx.x);
  out[blockIdx.x * 32 + threadIdx.x] = s[(threadIdx.x + 1) % 32];
}
