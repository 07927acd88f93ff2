//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
//possible write-write race on out
// The same scatter without the Boogie file: nothing says `scramble` is
// injective, so two work items may write one element.
#include "gv_scramble.h"

__kernel void scatter(__global const float *in, __global float *out) {
  unsigned i = get_global_id(0);
  out[scramble(i)] = in[i] * 2.0f;
}
