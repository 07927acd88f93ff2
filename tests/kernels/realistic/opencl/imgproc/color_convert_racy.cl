//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8 -DIMG_W=512 -DUSE_HALF=1
//Not verified: .*kernel `rgb_to_yuv444_packed_stride`
//Not verified: .*kernel `rgba_to_nv12_every_item_writes_chroma`
//Not verified: .*kernel `reinhard_half_scalar_index`
//Not verified: .*kernel `premultiply_half4_from_neighbour`
//Not verified: .*kernel `bgra_to_rgba_in_place_shifted`
// The indexing slips of color_convert.cl, one per kernel.
#include "common.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// vstore3 with the element index as a byte offset: overlapping stores.
__kernel void rgb_to_yuv444_packed_stride(__global const uchar *rgb, __global uchar *yuv) {
  const size_t i = get_global_id(0);
  const float3 c = convert_float3(vload3(i, rgb));
  vstore3(convert_uchar3_sat(c), 0, yuv + i);
}

// Odd work-items write the chroma pair of the block too.
__kernel void rgba_to_nv12_every_item_writes_chroma(__global const uchar4 *rgba,
                                                    __global uchar *luma_plane,
                                                    __global uchar2 *chroma_plane) {
  const size_t i = get_global_id(0);
  const uchar4 px = rgba[i];
  luma_plane[i] = luma_u8(px);
  chroma_plane[i / 2] = px.yz;
}

// vstore_half4 at half index i rather than vector index i.
__kernel void reinhard_half_scalar_index(__global const half *hdr, __global half *ldr) {
  const size_t i = get_global_id(0);
  const float4 c = vload_half4(i, hdr);
  vstore_half4_rte(c / (1.0f + c), 0, ldr + i);
}

__kernel void premultiply_half4_from_neighbour(__global half4 *px) {
  const size_t i = get_global_id(0);
  half4 c = px[(i + 1) % get_global_size(0)];
  c.xyz *= c.w;
  px[i] = c;
}

__kernel void bgra_to_rgba_in_place_shifted(__global uchar4 *img) {
  const size_t i = get_global_id(0);
  img[i] = shuffle(img[i ^ 1], (uchar4)(2, 1, 0, 3));
}
