//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 --cl-std=CL2.0
//Not verified: .*kernel `tone_histogram_plain`
//Not verified: .*kernel `aligned_copy_overlap`
//Not verified: .*kernel `wide_vectors_swizzle_store`
// As program_scope_and_casts.cl, wrong: a plain increment of the
// program-scope histogram; the round-tripped pointer steps by one float
// while four are copied; a double3 vstore3 at a halved index.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

global uint plain_histogram[64];
float vendor_tone_curve(float x);

__kernel void tone_histogram_plain(__global const float *px) {
  const size_t i = get_global_id(0);
  plain_histogram[(uint)(vendor_tone_curve(px[i]) * 63.0f) & 63u] += 1u;
}

__kernel void aligned_copy_overlap(__global const float *src, __global float *dst) {
  const size_t i = get_global_id(0);
  __global float *d = (__global float *)((uintptr_t)(dst + i));
  for (int k = 0; k < 4; ++k)
    d[k] = src[4 * i + k];
}

__kernel void wide_vectors_swizzle_store(__global const double3 *d, __global double *o) {
  const size_t i = get_global_id(0);
  const double3 v = vload3(i, (__global const double *)d);
  vstore3(v.zyx, i / 2, o);
}
