//pass
//--blockDim=128 --gridDim=2
// Integer intrinsics are exact, float functions uninterpreted; sincosf
// writes through its pointer arguments into this thread's registers.
#include <math_functions.h>
#include <device_functions.h>

__global__ void features(const float *x, float *out, unsigned *bits) {
  int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
  float s, c;
  sincosf(x[i], &s, &c);
  out[2 * i] = __saturatef(__fdividef(s, c + 2.0f));
  out[2 * i + 1] = rsqrtf(fmaf(c, c, 1.0f));
  unsigned w = __brev((unsigned)i);
  bits[i] = __byte_perm(w, __popc(w), 0x3210) ^ (unsigned)__clz(i) ^ __umulhi(w, 3u);
}
