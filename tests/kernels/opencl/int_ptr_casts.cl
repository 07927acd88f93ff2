//pass
//--local_size=64 --num_groups=4
// Pointer/integer casts as SDK code writes them: an alignment test picking
// a vector path, a pointer difference, and a buffer start rounded up to 16
// bytes. Addresses are arbitrary but fixed per object (SOUNDNESS.md).

__kernel void aligned_copy(__global float *out, __global const float *in) {
  size_t i = get_global_id(0);
  if (((size_t)in & 15) == 0 && ((size_t)out & 15) == 0) {
    vstore4(vload4(i, in), i, out);
  } else {
    for (int k = 0; k < 4; k++)
      out[4 * i + k] = in[4 * i + k];
  }
}

__kernel void index_from_difference(__global int *out, __global int *a) {
  __global int *p = a + get_global_id(0);
  out[get_global_id(0)] = (int)(p - a);
}

__kernel void aligned_start(__global float *buf) {
  __global float *base = (__global float *)(((size_t)buf + 15) & ~(size_t)15);
  base[get_global_id(0)] = 1.0f;
}
