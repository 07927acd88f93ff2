// 4x4 matrices as float16 and 8-wide double/long helpers, the way
// physics and crypto sample code writes them.
#ifndef WIDE_MATH_H
#define WIDE_MATH_H

typedef struct {
  float16 m;
  int frame;
} transform_t;

inline float16 mat4_load(__global const float *src, int i) { return vload16(i, src); }

inline void mat4_store(__global float *dst, int i, float16 m) { vstore16(m, i, dst); }

inline float16 mat4_scale(float16 m, float s) { return m * s; }

inline float16 mat4_of(const transform_t *t) { return t->m; }

inline void mat4_accumulate(float16 *acc, float16 m) { *acc += m; }

inline double8 dbl8_load(__global const double *src, int i) { return vload8(i, src); }

inline long16 widen16(int16 v) { return convert_long16(v); }

#endif
