//pass
//--local_size=64 --num_groups=8 --cl-std=CL2.0
// OpenCL 2.0 host-free bookkeeping: program-scope globals (a histogram of
// C11 atomics and a scale), printf from one work-item, pointer/integer
// round trips for alignment checks, generic-address-space helpers called
// on local and private memory, a library function declared without a
// body, and wide double/half/long vectors with swizzles.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

global atomic_uint histogram[64];
global float gain = 1.5f;

float vendor_tone_curve(float x); // provided by a vendor library at link time

static void bump(float *p, float by) { *p += by; } // generic pointer

__kernel void tone_histogram(__global const float *px, __global float *out,
                             __local float *tile) {
  const size_t i = get_global_id(0), l = get_local_id(0);
  if (i == 0)
    printf("tone map of %u pixels, gain %f\n", (uint)get_global_size(0), gain);
  const float t = vendor_tone_curve(px[i]) * gain;
  atomic_fetch_add_explicit(&histogram[(uint)(t * 63.0f) & 63u], 1u, memory_order_relaxed,
                            memory_scope_device);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  tile[l] = t;
  float mine = 0.0f;
  bump(&tile[l], 1.0f);
  bump(&mine, t);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[(l + 1) % get_local_size(0)] + mine;
}

// Aligned fast path when the row pointer is 16-byte aligned.
__kernel void aligned_copy(__global const float *src, __global float *dst) {
  const size_t i = get_global_id(0);
  const uintptr_t at = (uintptr_t)(dst + 4 * i);
  __global float *d = (__global float *)at;
  if ((at & 15) == 0)
    vstore4(vload4(i, src), 0, d);
  else {
    d[0] = src[4 * i];
    d[1] = src[4 * i + 1];
    d[2] = src[4 * i + 2];
    d[3] = src[4 * i + 3];
  }
}

__kernel void wide_vectors(__global const double3 *d, __global half8 *h, __global long16 *w,
                           __global double *o) {
  const size_t i = get_global_id(0);
  const double3 v = vload3(i, (__global const double *)d);
  long16 x = w[i];
  x.s0123 = x.sfedc + (long4)(1);
  x.odd = x.even;
  w[i] = x;
  half8 hh = h[i];
  hh.lo = hh.hi;
  h[i] = hh;
  vstore3(v.zyx * 2.0, i, o);
}
