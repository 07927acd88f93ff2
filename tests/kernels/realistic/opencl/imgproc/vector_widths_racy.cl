//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4 -DN=128
//Not verified: .*kernel `cross_int3_vector_index`
//Not verified: .*kernel `hash_ulong8_half_index`
//Not verified: .*kernel `normalize_double3_padded`
//Not verified: .*kernel `interleave_half16_shared_tail`
// Vector-width slips of vector_widths.cl: element and vector indices
// mixed up.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// vstore3 at element offset i: three-int stores overlap.
__kernel void cross_int3_vector_index(__global const int *a, __global const int *b,
                                      __global int *c) {
  const size_t i = get_global_id(0);
  const int3 x = vload3(i, a), y = vload3(i, b);
  vstore3(x.yzx * y.zxy - x.zxy * y.yzx, 0, c + i);
}

// Two work-items share each ulong4 output.
__kernel void hash_ulong8_half_index(__global const ulong8 *in, __global ulong4 *out) {
  const size_t i = get_global_id(0);
  const ulong8 x = in[i];
  out[i / 2] = x.lo ^ x.hi;
}

// double3 treated as 4-wide in memory (sizeof(double3) == 32) but stored
// with vstore3 at the unpadded offset of the neighbour.
__kernel void normalize_double3_padded(__global double3 *v) {
  const size_t i = get_global_id(0);
  const double3 p = v[i];
  vstore3(p * rsqrt(dot(p, p) + 1e-300), i + 1, (__global double *)v);
}

__kernel void interleave_half16_shared_tail(__global const half8 *re, __global half16 *out) {
  const size_t i = get_global_id(0);
  half16 o = out[0];
  o.lo = re[i];
  out[i & ~(size_t)1] = o;
}
