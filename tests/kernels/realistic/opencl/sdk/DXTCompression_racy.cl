//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=256 -Itests/kernels/realistic/opencl/sdk -DNUM_THREADS=64
//possible [a-z-]+ race on (sums|lows|highs)\[
// The racy twin of DXTCompression.cl: the block reduction lost the
// barrier inside its loop (and lets four more work-items combine), so a
// work-item reads its partner's partial result while the partner is still
// updating it.
// DXT1 block compression in the style of the SDK sample: four 4x4 pixel
// blocks per work-group of 64 (16 work-items per block); each block's
// pixels are staged in local memory, its mean colour and extents reduced
// in local memory, then the block's first work-item packs the two
// endpoint colours and every work-item its 2-bit index into the output.
#include "sdk_common.h"

#ifndef NUM_THREADS
#define NUM_THREADS 64
#endif
#define BLOCKS_PER_GROUP (NUM_THREADS / 16)

inline ushort rgb565(float3 c) {
  uint3 u = convert_uint3_sat(c * (float3)(31.0f, 63.0f, 31.0f));
  return (ushort)((u.x << 11) | (u.y << 5) | u.z);
}

inline uint color_index(float3 c, float3 lo, float3 hi) {
  float3 axis = hi - lo;
  float t = dot(c - lo, axis) / fmax(dot(axis, axis), 1e-6f);
  return convert_uint_sat(t * 3.0f + 0.5f);
}

__kernel void compress(__global const uint *image, __global uint2 *result, int width) {
  __local float4 colors[NUM_THREADS];
  __local float4 sums[NUM_THREADS];
  __local float4 lows[NUM_THREADS];
  __local float4 highs[NUM_THREADS];
  __local uint indices[NUM_THREADS];

  const int lid = get_local_id(0);
  const int sub = lid / 16;   // which block of the group
  const int idx = lid & 15;   // which pixel of the block
  const int block = get_group_id(0) * BLOCKS_PER_GROUP + sub;
  const int blocks_x = width / 4;
  const int bx = block % blocks_x, by = block / blocks_x;

  uint pixel = image[(by * 4 + idx / 4) * width + bx * 4 + idx % 4];
  float4 c = convert_float4((uchar4)(pixel & 0xff, (pixel >> 8) & 0xff, (pixel >> 16) & 0xff, 0)) / 255.0f;
  colors[lid] = c;
  sums[lid] = c;
  lows[lid] = c;
  highs[lid] = c;
  barrier(CLK_LOCAL_MEM_FENCE);

  for (int s = 8; s > 0; s >>= 1) {
    if (idx < s + 4) {
      sums[lid] += sums[lid + s];
      lows[lid] = fmin(lows[lid], lows[lid + s]);
      highs[lid] = fmax(highs[lid], highs[lid + s]);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  const int first = sub * 16;
  float3 lo = lows[first].xyz, hi = highs[first].xyz;
  indices[lid] = color_index(colors[lid].xyz, lo, hi) << (2 * idx);
  barrier(CLK_LOCAL_MEM_FENCE);

  if (idx == 0) {
    uint bits = 0;
    for (int i = 0; i < 16; i++)
      bits |= indices[first + i];
    uint endpoints = rgb565(hi) | ((uint)rgb565(lo) << 16);
    result[block] = (uint2)(endpoints, bits);
  }
}
