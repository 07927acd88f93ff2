//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16 --kernel-args=strided_copy_bad_stride,32
//race on dst
// An annotated strided copy launched with a stride smaller than the
// global size: the precondition admits it, and work-items collide.
__kernel void strided_copy_bad_stride(__global float *dst, __global const float *src, int stride) {
  __requires(stride > 0);
  int gid = get_global_id(0);
  for (int k = 0; k < 4; k++) dst[gid + k * stride] = src[gid + k * stride] + (float)k;
}
