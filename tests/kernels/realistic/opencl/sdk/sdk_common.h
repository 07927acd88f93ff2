/* Helpers shared by the SDK-style samples of this folder (the samples'
 * "common" header, passed with -I). */
#ifndef SDK_COMMON_H
#define SDK_COMMON_H

#ifndef LOCAL_SIZE
#define LOCAL_SIZE 256
#endif

#define MUL24(a, b) mul24((a), (b))
#define IMAD(a, b, c) (mul24((a), (b)) + (c))

/* Swap two values of any type through a temporary (used by the sorts). */
#define SWAP(T, a, b) do { T tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)

inline uint pack_rgba(float4 c) {
  uint4 u = convert_uint4_sat(c * 255.0f);
  return u.x | (u.y << 8) | (u.z << 16) | (u.w << 24);
}

#endif
