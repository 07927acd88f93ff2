//pass
//--local_size=64 --num_groups=8 -DPIXELS_PER_ITEM=4
// RGBA8 brightness/contrast on a packed byte buffer: each work-item
// handles PIXELS_PER_ITEM pixels with vload4/vstore4 and saturating
// conversions; the float path goes through vload4 of a float buffer.
__kernel void brightness_contrast(__global const uchar *src, __global uchar *dst,
                                  float gain, float bias) {
  const int first = get_global_id(0) * PIXELS_PER_ITEM;
  for (int p = 0; p < PIXELS_PER_ITEM; ++p) {
    float4 px = convert_float4(vload4(first + p, src));
    px = px * gain + (float4)(bias);
    vstore4(convert_uchar4_sat(px), first + p, dst);
  }
}

__kernel void scale_planes(__global const float *in, __global float *out, int n4) {
  const int i = get_global_id(0);
  if (i < n4) {
    float4 v = vload4(i, in);
    vstore4(v * 0.5f, i, out);
  }
}

__kernel void pack_halves(__global const float *in, __global half *out) {
  const int i = get_global_id(0);
  vstore_half4_rte(vload4(i, in), i, out);
}
