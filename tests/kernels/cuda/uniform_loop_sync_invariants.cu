//pass
//--blockDim=64 --gridDim=2
// A uniform loop with two __syncthreads; the invariants say that the
// access flags of s are clear at the loop head.
__global__ void uniform_loop_sync_invariants(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int acc = 0;
  for (int i = 0; __invariant(__no_read(s)), __invariant(__no_write(s)), i < n; i++) {
    s[t] = acc;
    __syncthreads();
    acc += s[63 - t];
    __syncthreads();
  }
  out[blockIdx.x * 64 + t] = acc;
}
