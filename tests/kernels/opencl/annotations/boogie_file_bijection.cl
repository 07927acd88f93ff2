//pass
//--local_size=64 --num_groups=16 --boogie-file=tests/kernels/opencl/annotations/boogie_file_bijection.bpl
// A scatter through a hashed permutation: `scramble` stands for a bit
// mixing function the verifier should not look into; the Boogie file says
// it is a bijection, so no two work items write the same element.
#include "gv_scramble.h"

__kernel void scatter(__global const float *in, __global float *out) {
  unsigned i = get_global_id(0);
  out[scramble(i)] = in[i] * 2.0f;
}
