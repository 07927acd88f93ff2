//pass
//--local_size=64 --num_groups=8 -DIMG_W=512 -DUSE_HALF=1
// Colour-space conversions over packed pixel buffers, one pixel (or one
// 4:2:0 chroma pair) per work-item: vload3/vstore3 on planar RGB,
// vload4/vstore4 with convert_uchar4_sat on RGBA8, half-float HDR through
// vload_half4/vstore_half4_rte, and the fp16 extension's half4 values.
#include "common.h"
#ifdef USE_HALF
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

__constant float3 yuv_from_rgb[3] = {(float3)(0.299f, 0.587f, 0.114f),
                                     (float3)(-0.14713f, -0.28886f, 0.436f),
                                     (float3)(0.615f, -0.51499f, -0.10001f)};

__kernel void rgb_to_yuv444(__global const uchar *rgb, __global uchar *yuv) {
  const size_t i = get_global_id(0);
  const float3 c = convert_float3(vload3(i, rgb));
  const float3 o = (float3)(dot(yuv_from_rgb[0], c), dot(yuv_from_rgb[1], c) + 128.0f,
                            dot(yuv_from_rgb[2], c) + 128.0f);
  vstore3(convert_uchar3_sat_rte(o), i, yuv);
}

__kernel void rgba_gain(__global const uchar *src, __global uchar *dst, float gain) {
  const size_t i = get_global_id(0);
  float4 px = convert_float4(vload4(i, src));
  px.xyz *= gain;
  vstore4(convert_uchar4_sat(px), i, dst);
}

// NV12 output: every work-item writes its luma byte; even work-items of a
// row also write the interleaved U,V pair of their 2x1 block.
__kernel void rgba_to_nv12_row(__global const uchar4 *rgba, __global uchar *luma_plane,
                               __global uchar2 *chroma_plane) {
  const size_t i = get_global_id(0);
  const uchar4 px = rgba[i];
  luma_plane[i] = luma_u8(px);
  if ((i & 1) == 0) {
    const float4 a = convert_float4(px), b = convert_float4(rgba[i + 1]);
    const float4 m = 0.5f * (a + b);
    chroma_plane[i / 2] = convert_uchar2_sat((float2)(dot(yuv_from_rgb[1], m.xyz) + 128.0f,
                                                      dot(yuv_from_rgb[2], m.xyz) + 128.0f));
  }
}

// HDR tone mapping on half-float RGBA stored as ushorts.
__kernel void reinhard_half(__global const half *hdr, __global half *ldr, float exposure) {
  const size_t i = get_global_id(0);
  const float4 c = vload_half4(i, hdr) * exposure;
  vstore_half4_rte(c / (1.0f + c), i, ldr);
}

#ifdef USE_HALF
__kernel void premultiply_half4(__global half4 *px) {
  const size_t i = get_global_id(0);
  half4 c = px[i];
  c.xyz *= c.w;
  px[i] = c;
}
#endif

// Swaps the red and blue channels with a shuffle of the byte lanes.
__kernel void bgra_to_rgba(__global const uchar4 *src, __global uchar4 *dst) {
  const size_t i = get_global_id(0);
  dst[i] = shuffle(src[i], (uchar4)(2, 1, 0, 3));
}
