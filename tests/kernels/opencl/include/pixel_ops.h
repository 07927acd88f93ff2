// Small pixel helpers shared by the in-place image filters.
#ifndef PIXEL_OPS_H
#define PIXEL_OPS_H

#define LUMA_WEIGHTS (float4)(0.299f, 0.587f, 0.114f, 0.0f)

inline float luma(float4 rgba) { return dot(rgba, LUMA_WEIGHTS); }

inline int2 clamp_coord(int2 p, int w, int h) {
  return (int2)(clamp(p.x, 0, w - 1), clamp(p.y, 0, h - 1));
}

inline float4 sharpen3(float4 left, float4 centre, float4 right, float amount) {
  return centre + amount * (2.0f * centre - left - right);
}

#endif
