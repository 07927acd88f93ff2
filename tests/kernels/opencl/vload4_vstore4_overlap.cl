//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//possible write-write race on dst
// The store index is in pixels but vstore4 scales it by four again: the
// work-items' stores overlap (first * 4 + p).
__kernel void brightness_contrast(__global const uchar *src, __global uchar *dst,
                                  float gain) {
  const int first = get_global_id(0);
  for (int p = 0; p < 4; ++p) {
    float4 px = convert_float4(vload4(first + p, src)) * gain;
    vstore4(convert_uchar4_sat(px), first + p, dst);
  }
}
