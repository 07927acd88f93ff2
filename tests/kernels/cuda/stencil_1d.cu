//pass
//--blockDim=128 --gridDim=8
#define R 3
__global__ void stencil_1d(const int *in, int *out) {
  __shared__ int temp[128 + 2 * R];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + R;
  temp[l] = in[g + R];
  if (threadIdx.x < R) {
    temp[l - R] = in[g];
    temp[l + 128] = in[g + R + 128];
  }
  __syncthreads();
  int r = 0;
  for (int o = -R; o <= R; o++) r += temp[l + o];
  out[g] = r;
}
