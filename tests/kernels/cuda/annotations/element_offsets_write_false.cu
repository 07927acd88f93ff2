//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
//element_offsets_write_false.cu:14:8: error: loop invariant might not be maintained
// The interleaved layout writes element 2t, not t: the invariant stated
// with `__write_offset` (in elements of `pairs`) does not hold.
#include <cuda_runtime.h>

struct Pair { float lo, hi; };

__global__ void split(const float *in, Pair *pairs, int rounds) {
  unsigned t = blockIdx.x * 128 + threadIdx.x;
  float v = in[t];
  for (int r = 0;
       __invariant(__write_implies(pairs, __write_offset(pairs) == t)),
       r < rounds; r++) {
    pairs[2 * t].lo = v;
    v = v * 0.5f;
  }
}
