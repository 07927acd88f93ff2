//pass
//--blockDim=256 --gridDim=32
// 1-D three-point stencil: each block stages its 256 elements plus one
// halo element on each side in shared memory.
#define BLOCK 256
#define N (BLOCK * 32)

__global__ void stencil(const float *in, float *out) {
  __shared__ float s[BLOCK + 2];
  int g = blockIdx.x * BLOCK + threadIdx.x;
  int l = threadIdx.x + 1;
  s[l] = in[g];
  if (threadIdx.x == 0)
    s[0] = g > 0 ? in[g - 1] : 0.0f;
  if (threadIdx.x == BLOCK - 1)
    s[BLOCK + 1] = g + 1 < N ? in[g + 1] : 0.0f;
  __syncthreads();
  out[g] = 0.25f * s[l - 1] + 0.5f * s[l] + 0.25f * s[l + 1];
}
