//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
#define R 3
__global__ void stencil_missing_sync(const int *in, int *out) {
  __shared__ int temp[128 + 2 * R];
  int l = threadIdx.x + R;
  temp[l] = in[blockIdx.x * blockDim.x + threadIdx.x];
  int r = 0;
  for (int o = -R; o <= R; o++) r += temp[l + o];
  out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
