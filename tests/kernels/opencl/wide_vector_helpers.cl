//pass
//--local_size=64 --num_groups=8
// Vectors wider than 16 bytes passed to, returned by and stored through
// helper functions: float16 matrices, double8 rows, long16 sums.
#include "include/wide_math.h"

__kernel void blend_transforms(__global const float *a, __global const float *b,
                               __global float *out, float t) {
  const int i = get_global_id(0);
  transform_t x;
  x.m = mat4_scale(mat4_load(a, i), 1.0f - t) + mat4_scale(mat4_load(b, i), t);
  x.frame = i;
  mat4_store(out, i, mat4_of(&x));
}

__kernel void sum_frames(__global const float *frames, __global float *sums, int count) {
  const int i = get_global_id(0);
  float16 acc = (float16)(0.0f);
  for (int f = 0; f < count; ++f)
    mat4_accumulate(&acc, mat4_load(frames, f * get_global_size(0) + i));
  mat4_store(sums, i, acc);
}

__kernel void scale_rows(__global const double *rows, __global double *scaled, double k) {
  const int i = get_global_id(0);
  vstore8(dbl8_load(rows, i) * k, i, scaled);
}

__kernel void widen_counts(__global const int *counts, __global long *wide) {
  const int i = get_global_id(0);
  vstore16(widen16(vload16(i, counts)), i, wide);
}
