//pass
//--local_size=64 --num_groups=8 --cl-std=CL2.0
// Pieces of an SDK-style math and packing library: the integer builtins
// with exact semantics, saturating and rounding conversions, reinterpret
// casts, geometric and relational functions, half packing (vload_half,
// vloada_half, vstore_half_rte), shuffles, and the math functions with
// pointer outputs into private, local and global memory.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void hash_mix(__global const int *a, __global uint *out) {
  const size_t i = get_global_id(0);
  const int x = a[i], y = a[i + 1];
  const uint u = as_uint(x);
  uint h = mad24(x, y, 3) + mul24(x, y) + mad_hi(x, y, 1) + mad_sat(x, y, 2);
  h += rotate(u, 7u) + (uint)upsample((short)x, (ushort)y) + popcount(u) + clz(u) + ctz(u);
  h += hadd(x, y) + rhadd(x, y) + abs_diff(x, y) + add_sat(x, y) + sub_sat(x, y);
  out[i] = h + get_work_dim();
}

__kernel void shade(__global const float4 *n, __global uchar4 *rgba, __global float *lum) {
  const size_t i = get_global_id(0);
  const float4 v = n[i];
  const float4 l = fast_normalize((float4)(1.0f, 1.0f, 0.5f, 0.0f));
  const float d = clamp(dot(normalize(v), l), 0.0f, 1.0f) + length(cross(v, l)) * 0.0f;
  const float4 c = select((float4)(d), (float4)(0.0f), isnan(v));
  rgba[i] = convert_uchar4_sat_rte(c * 255.0f);
  lum[i] = any(isgreater(v, (float4)(1.0f))) ? distance(v, l)
                                             : as_float(bitselect(as_int(d), 0, 0x7f));
}

__kernel void pack_half(__global const half *src, __global half *dst, __global float4 *mean) {
  const size_t i = get_global_id(0);
  const float4 a = vload_half4(i, src);
  const float4 b = vloada_half4(i, src);
  const float4 s = shuffle(a, (uint4)(3, 2, 1, 0));
  const float8 both = shuffle2(s, b, (uint8)(0, 4, 1, 5, 2, 6, 3, 7));
  vstore_half4_rte(both.lo + both.hi, i, dst);
  mean[i] = (a + b) * 0.5f;
  prefetch(src + 4 * i, 4);
}

__kernel void split_parts(__global const float *x, __global float *whole, __global int *quo,
                          __global float *out) {
  __local float lcos[64];
  const size_t i = get_global_id(0), l = get_local_id(0);
  float ip, c;
  int e, sg;
  float s = sincos(x[i], &lcos[l]);
  float f = fract(x[i], &ip) + modf(x[i], &whole[i]);
  float m = frexp(x[i], &e) + remquo(x[i], 3.0f, &quo[i]) + lgamma_r(x[i], &sg);
  barrier(CLK_LOCAL_MEM_FENCE);
  c = lcos[(l + 1) % 64];
  out[i] = s + c + f + ip + m + (float)(e + sg) + half_exp(x[i]) + native_sqrt(x[i]);
}
