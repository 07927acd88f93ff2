//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on out\[
// Racy twin of wide_vector_helpers.cl: matrices are sixteen floats, but
// the output pointer advances by eight per work item, so neighbours'
// vstore16 through the helper overlap.
#include "include/wide_math.h"

__kernel void blend_transforms(__global const float *a, __global const float *b,
                               __global float *out, float t) {
  const int i = get_global_id(0);
  float16 m = mat4_scale(mat4_load(a, i), 1.0f - t) + mat4_scale(mat4_load(b, i), t);
  mat4_store(out + i * 8, 0, m);
}
