//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//possible .*race on y
// The stride forgets the grid: block 0's second pass writes the
// elements block 1 handles in its first pass.
__global__ void saxpy_racy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    y[i] = a * x[i] + y[i];
}
