//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1 --loop-unwind=4
//barrier may be reached by non-uniform control flow
// The paper's Figure 2 litmus in CUDA (see opencl/figure2_litmus.cl).
__global__ void figure2_litmus(int *out) {
  __shared__ int A[8];
  int t = threadIdx.x;
  int x = t == 0 ? 4 : 1;
  int y = t == 0 ? 1 : 4;
  int buf = 0;
  for (int i = 0; i < x; i++) {
    for (int j = 0; j < y; j++) {
      __syncthreads();
      A[(1 - buf) * 4 + t] = A[buf * 4 + (t + 1) % 4];
      buf = 1 - buf;
    }
  }
  out[t] = A[t];
}
