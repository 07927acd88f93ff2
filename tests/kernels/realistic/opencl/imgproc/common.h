/* imgproc: helpers shared by the filter kernels, kept beside them and
 * included with #include "common.h". Configuration comes from -D flags. */
#ifndef IMGPROC_COMMON_H
#define IMGPROC_COMMON_H

#ifndef TILE_W
#define TILE_W 16
#endif
#ifndef TILE_H
#define TILE_H 16
#endif
#ifndef RADIUS
#define RADIUS 2
#endif
#ifndef HIST_BINS
#define HIST_BINS 256
#endif

#define PIXEL_INDEX(x, y, stride) ((y) * (stride) + (x))

__constant sampler_t nearest_clamp =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t linear_clamp =
    CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

static inline int clamp_int(int v, int lo, int hi) { return min(max(v, lo), hi); }

static inline float luma709(float4 rgba) {
  return dot(rgba.xyz, (float3)(0.2126f, 0.7152f, 0.0722f));
}

static inline uchar luma_u8(uchar4 px) {
  return convert_uchar_sat(luma709(convert_float4(px)));
}

static inline float gauss_weight(int d, float inv_two_sigma2) {
  return native_exp(-(float)(d * d) * inv_two_sigma2);
}

static inline float4 unpremultiply(float4 c) {
  return c.w > 0.0f ? (float4)(c.xyz / c.w, c.w) : (float4)(0.0f);
}

#endif
