//pass
//--local_size=32 --num_groups=4 -DN=128
// Kernels of a small vector-math library, one per element type and width
// as benchmark suites generate them: char16 saturating adds, short8
// blends, int3 cross products, long2 and ulong8 bit mixing, float16 axpy,
// double2/double3/double4 geometry (cl_khr_fp64), half8 and half16 scaling
// (cl_khr_fp16), with swizzles (.lo/.hi/.even/.odd/.s0123) and undefined
// lanes of 3-element vectors.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void add_sat_char16(__global const char16 *a, __global const char16 *b,
                             __global char16 *c) {
  const size_t i = get_global_id(0);
  c[i] = add_sat(a[i], b[i]);
}

__kernel void blend_short8(__global const short8 *a, __global const short8 *b,
                           __global short8 *c, short8 mask) {
  const size_t i = get_global_id(0);
  c[i] = select(a[i], b[i], mask < (short8)(0));
}

__kernel void cross_int3(__global const int *a, __global const int *b, __global int *c) {
  const size_t i = get_global_id(0);
  const int3 x = vload3(i, a), y = vload3(i, b);
  vstore3(x.yzx * y.zxy - x.zxy * y.yzx, i, c);
}

__kernel void mix_long2(__global long2 *v) {
  const size_t i = get_global_id(0);
  long2 x = v[i];
  x ^= rotate(x, (long2)(13, 7));
  v[i] = x.yx;
}

__kernel void hash_ulong8(__global const ulong8 *in, __global ulong4 *out) {
  const size_t i = get_global_id(0);
  const ulong8 x = in[i] * 0x9e3779b97f4a7c15UL;
  out[i] = x.lo ^ x.hi ^ (ulong4)(popcount(x.s0), clz(x.s1), x.s2 >> 3, x.s7);
}

__kernel void axpy_float16(__global const float16 *x, __global float16 *y, float a) {
  const size_t i = get_global_id(0);
  y[i] = mad((float16)(a), x[i], y[i]);
}

__kernel void normalize_double3(__global double *v) {
  const size_t i = get_global_id(0);
  const double3 p = vload3(i, v);
  vstore3(p * rsqrt(dot(p, p) + 1e-300), i, v);
}

__kernel void distance_double4(__global const double4 *a, __global const double4 *b,
                               __global double2 *d) {
  const size_t i = get_global_id(0);
  d[i] = (double2)(distance(a[i], b[i]), length(a[i].even - b[i].odd));
}

__kernel void scale_half8(__global half8 *h, float s) {
  const size_t i = get_global_id(0);
  h[i] = convert_half8(convert_float8(h[i]) * s);
}

__kernel void interleave_half16(__global const half8 *re, __global const half8 *im,
                                __global half16 *out) {
  const size_t i = get_global_id(0);
  out[i] = shuffle2(re[i], im[i], (ushort16)(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
}

__kernel void widen_uchar4_to_uint4(__global const uchar4 *in, __global uint4 *out) {
  const size_t i = get_global_id(0);
  uint4 w = convert_uint4(in[i]);
  out[i] = (uint4)(w.s01, upsample((ushort2)(w.s2, w.s3), (ushort2)(1)));
}
