//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
//possible .*race on s
// The halo is loaded but nobody waits for it: a thread reads its
// neighbours' slots before they are written.
#define BLOCK 256
#define N (BLOCK * 32)

__global__ void stencil_racy(const float *in, float *out) {
  __shared__ float s[BLOCK + 2];
  int g = blockIdx.x * BLOCK + threadIdx.x;
  int l = threadIdx.x + 1;
  s[l] = in[g];
  if (threadIdx.x == 0)
    s[0] = g > 0 ? in[g - 1] : 0.0f;
  if (threadIdx.x == BLOCK - 1)
    s[BLOCK + 1] = g + 1 < N ? in[g + 1] : 0.0f;
  out[g] = 0.25f * s[l - 1] + 0.5f * s[l] + 0.25f * s[l + 1];
}
