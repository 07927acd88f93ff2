//pass
//--local_size=64 --num_groups=4
// Integer builtins on vectors (exact, lane by lane), float min/max/clamp
// (uninterpreted), select/bitselect and half constants.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void vector_int_builtins(__global int4 *a, __global uint2 *b, __global float *f,
                                  __global half *h) {
  size_t i = get_global_id(0);
  int4 x = a[i];
  int4 y = clamp(max(x, (int4)(0)), 0, 63) + (int)abs_diff(x, (int4)(3)).s0;
  a[i] = select(x, y, x > y);
  b[i] = popcount(b[i]) + rotate(b[i], (uint2)(1, 2)) + bitselect(b[i], (uint2)(5), (uint2)(3));
  f[i] = clamp(fmin(f[i], 1.0f), 0.0f, max(f[i], 2.0f));
  h[i] = h[i] * (half)2.0;
  __assert(clamp(7, 0, 3) == 3);
  __assert(max((int2)(1, 9), (int2)(4, 2)).y == 9);
}
