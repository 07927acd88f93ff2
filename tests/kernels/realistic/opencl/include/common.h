/* Shared helpers of the realistic OpenCL kernels, as projects keep them in
 * a header passed with -I. */
#ifndef REALISTIC_COMMON_H
#define REALISTIC_COMMON_H

#ifndef WG_SIZE
#define WG_SIZE 256
#endif

#define IDX2(x, y, w) ((y) * (w) + (x))
#define CLAMP_TO_EDGE(v, lo, hi) min(max((v), (lo)), (hi))

typedef float real_t;
typedef float4 real4_t;

inline float luminance(float4 c) { return 0.299f * c.x + 0.587f * c.y + 0.114f * c.z; }

#endif
