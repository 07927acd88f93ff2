/* gpuverify: vector arithmetic as SDK samples' helper_math.h offers it
 * (operators, dot, length, normalize, lerp, clamp on the float, int and
 * uint vector types), written anew from how samples use it. Float math
 * calls reach the frontend as uninterpreted functions. */
#ifndef GPUVERIFY_HELPER_MATH_H
#define GPUVERIFY_HELPER_MATH_H

#define __GV_HD static inline __host__ __device__
#define __GV_V2(T, S)                                                         \
  __GV_HD T operator+(T a, T b) { T r; r.x = a.x + b.x; r.y = a.y + b.y; return r; } \
  __GV_HD T operator-(T a, T b) { T r; r.x = a.x - b.x; r.y = a.y - b.y; return r; } \
  __GV_HD T operator*(T a, T b) { T r; r.x = a.x * b.x; r.y = a.y * b.y; return r; } \
  __GV_HD T operator/(T a, T b) { T r; r.x = a.x / b.x; r.y = a.y / b.y; return r; } \
  __GV_HD T operator*(T a, S s) { T r; r.x = a.x * s; r.y = a.y * s; return r; }    \
  __GV_HD T operator*(S s, T a) { return a * s; }                             \
  __GV_HD T operator/(T a, S s) { T r; r.x = a.x / s; r.y = a.y / s; return r; }    \
  __GV_HD T operator+(T a, S s) { T r; r.x = a.x + s; r.y = a.y + s; return r; }    \
  __GV_HD T operator-(T a, S s) { T r; r.x = a.x - s; r.y = a.y - s; return r; }    \
  __GV_HD T operator-(T a) { T r; r.x = -a.x; r.y = -a.y; return r; }        \
  __GV_HD void operator+=(T &a, T b) { a = a + b; }                           \
  __GV_HD void operator-=(T &a, T b) { a = a - b; }                           \
  __GV_HD void operator*=(T &a, T b) { a = a * b; }                           \
  __GV_HD void operator*=(T &a, S s) { a = a * s; }                           \
  __GV_HD void operator/=(T &a, S s) { a = a / s; }                           \
  __GV_HD S dot(T a, T b) { return a.x * b.x + a.y * b.y; }
#define __GV_V3(T, S)                                                         \
  __GV_HD T operator+(T a, T b) { T r; r.x = a.x + b.x; r.y = a.y + b.y; r.z = a.z + b.z; return r; } \
  __GV_HD T operator-(T a, T b) { T r; r.x = a.x - b.x; r.y = a.y - b.y; r.z = a.z - b.z; return r; } \
  __GV_HD T operator*(T a, T b) { T r; r.x = a.x * b.x; r.y = a.y * b.y; r.z = a.z * b.z; return r; } \
  __GV_HD T operator/(T a, T b) { T r; r.x = a.x / b.x; r.y = a.y / b.y; r.z = a.z / b.z; return r; } \
  __GV_HD T operator*(T a, S s) { T r; r.x = a.x * s; r.y = a.y * s; r.z = a.z * s; return r; } \
  __GV_HD T operator*(S s, T a) { return a * s; }                             \
  __GV_HD T operator/(T a, S s) { T r; r.x = a.x / s; r.y = a.y / s; r.z = a.z / s; return r; } \
  __GV_HD T operator+(T a, S s) { T r; r.x = a.x + s; r.y = a.y + s; r.z = a.z + s; return r; } \
  __GV_HD T operator-(T a, S s) { T r; r.x = a.x - s; r.y = a.y - s; r.z = a.z - s; return r; } \
  __GV_HD T operator-(T a) { T r; r.x = -a.x; r.y = -a.y; r.z = -a.z; return r; } \
  __GV_HD void operator+=(T &a, T b) { a = a + b; }                           \
  __GV_HD void operator-=(T &a, T b) { a = a - b; }                           \
  __GV_HD void operator*=(T &a, T b) { a = a * b; }                           \
  __GV_HD void operator*=(T &a, S s) { a = a * s; }                           \
  __GV_HD void operator/=(T &a, S s) { a = a / s; }                           \
  __GV_HD S dot(T a, T b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
#define __GV_V4(T, S)                                                         \
  __GV_HD T operator+(T a, T b) { T r; r.x = a.x + b.x; r.y = a.y + b.y; r.z = a.z + b.z; r.w = a.w + b.w; return r; } \
  __GV_HD T operator-(T a, T b) { T r; r.x = a.x - b.x; r.y = a.y - b.y; r.z = a.z - b.z; r.w = a.w - b.w; return r; } \
  __GV_HD T operator*(T a, T b) { T r; r.x = a.x * b.x; r.y = a.y * b.y; r.z = a.z * b.z; r.w = a.w * b.w; return r; } \
  __GV_HD T operator/(T a, T b) { T r; r.x = a.x / b.x; r.y = a.y / b.y; r.z = a.z / b.z; r.w = a.w / b.w; return r; } \
  __GV_HD T operator*(T a, S s) { T r; r.x = a.x * s; r.y = a.y * s; r.z = a.z * s; r.w = a.w * s; return r; } \
  __GV_HD T operator*(S s, T a) { return a * s; }                             \
  __GV_HD T operator/(T a, S s) { T r; r.x = a.x / s; r.y = a.y / s; r.z = a.z / s; r.w = a.w / s; return r; } \
  __GV_HD T operator+(T a, S s) { T r; r.x = a.x + s; r.y = a.y + s; r.z = a.z + s; r.w = a.w + s; return r; } \
  __GV_HD T operator-(T a, S s) { T r; r.x = a.x - s; r.y = a.y - s; r.z = a.z - s; r.w = a.w - s; return r; } \
  __GV_HD T operator-(T a) { T r; r.x = -a.x; r.y = -a.y; r.z = -a.z; r.w = -a.w; return r; } \
  __GV_HD void operator+=(T &a, T b) { a = a + b; }                           \
  __GV_HD void operator-=(T &a, T b) { a = a - b; }                           \
  __GV_HD void operator*=(T &a, T b) { a = a * b; }                           \
  __GV_HD void operator*=(T &a, S s) { a = a * s; }                           \
  __GV_HD void operator/=(T &a, S s) { a = a / s; }                           \
  __GV_HD S dot(T a, T b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
__GV_V2(float2, float) __GV_V3(float3, float) __GV_V4(float4, float)
__GV_V2(int2, int) __GV_V3(int3, int) __GV_V4(int4, int)
__GV_V2(uint2, unsigned int) __GV_V3(uint3, unsigned int) __GV_V4(uint4, unsigned int)
#undef __GV_V2
#undef __GV_V3
#undef __GV_V4

__GV_HD float2 make_float2(float s) { return make_float2(s, s); }
__GV_HD float3 make_float3(float s) { return make_float3(s, s, s); }
__GV_HD float3 make_float3(float4 a) { return make_float3(a.x, a.y, a.z); }
__GV_HD float3 make_float3(float2 a, float z) { return make_float3(a.x, a.y, z); }
__GV_HD float3 make_float3(int3 a) { return make_float3((float)a.x, (float)a.y, (float)a.z); }
__GV_HD float4 make_float4(float s) { return make_float4(s, s, s, s); }
__GV_HD float4 make_float4(float3 a, float w) { return make_float4(a.x, a.y, a.z, w); }
__GV_HD float4 make_float4(float3 a) { return make_float4(a.x, a.y, a.z, 0.0f); }
__GV_HD int2 make_int2(int s) { return make_int2(s, s); }
__GV_HD int3 make_int3(int s) { return make_int3(s, s, s); }
__GV_HD uint3 make_uint3(unsigned int s) { return make_uint3(s, s, s); }
__GV_HD float lerp(float a, float b, float t) { return a + t * (b - a); }
__GV_HD float3 lerp(float3 a, float3 b, float t) { return a + t * (b - a); }
__GV_HD float4 lerp(float4 a, float4 b, float t) { return a + t * (b - a); }
__GV_HD float clamp(float f, float a, float b) { return fmaxf(a, fminf(f, b)); }
__GV_HD int clamp(int f, int a, int b) { return max(a, min(f, b)); }
__GV_HD unsigned int clamp(unsigned int f, unsigned int a, unsigned int b) {
  return max(a, min(f, b)); }
__GV_HD float3 clamp(float3 v, float a, float b) {
  return make_float3(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b)); }
__GV_HD float4 clamp(float4 v, float a, float b) {
  return make_float4(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b), clamp(v.w, a, b)); }
__GV_HD float length(float2 v) { return sqrtf(dot(v, v)); }
__GV_HD float length(float3 v) { return sqrtf(dot(v, v)); }
__GV_HD float length(float4 v) { return sqrtf(dot(v, v)); }
__GV_HD float2 normalize(float2 v) { return v * rsqrtf(dot(v, v)); }
__GV_HD float3 normalize(float3 v) { return v * rsqrtf(dot(v, v)); }
__GV_HD float4 normalize(float4 v) { return v * rsqrtf(dot(v, v)); }
__GV_HD float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
__GV_HD float3 fminf(float3 a, float3 b) {
  return make_float3(fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z)); }
__GV_HD float3 fmaxf(float3 a, float3 b) {
  return make_float3(fmaxf(a.x, b.x), fmaxf(a.y, b.y), fmaxf(a.z, b.z)); }
__GV_HD float3 fabs(float3 v) { return make_float3(fabsf(v.x), fabsf(v.y), fabsf(v.z)); }
__GV_HD float3 floorf(float3 v) { return make_float3(floorf(v.x), floorf(v.y), floorf(v.z)); }
__GV_HD float fracf(float v) { return v - floorf(v); }
__GV_HD float3 reflect(float3 i, float3 n) { return i - 2.0f * n * dot(n, i); }
__GV_HD float smoothstep(float a, float b, float x) {
  float y = clamp((x - a) / (b - a), 0.0f, 1.0f); return y * y * (3.0f - 2.0f * y); }
#undef __GV_HD
#endif
