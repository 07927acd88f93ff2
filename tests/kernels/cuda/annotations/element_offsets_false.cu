//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
//element_offsets_false.cu:17:8: error: loop invariant might not be maintained
// `__read_offset` counts elements: the loop reads the neighbour's element,
// so the invariant that it reads only its own does not hold.
#include <cuda_runtime.h>

__global__ void smooth(const float *in, float *out, int rounds) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  if (t == 0)
    s[128] = 0.0f;
  __syncthreads();
  float v = 0.0f;
  for (int r = 0;
       __invariant(__read_implies(s, __read_offset(s) == t)),
       r < rounds; r++) {
    v += s[t + (r & 1)];
  }
  out[blockIdx.x * 128 + t] = v;
}
