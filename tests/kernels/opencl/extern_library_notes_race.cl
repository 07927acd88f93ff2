//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
//possible write-write race on bins
// The linked helper may write the histogram it is given: every work item
// passing the same bins to it races.
#include "include/tone_curve.h"

__kernel void luminance_histogram(__global const float4 *hdr, __global uint *bins) {
  const int i = get_global_id(0);
  float4 px = hdr[i];
  accumulate_histogram(bins, dot(px.xyz, (float3)(0.2126f, 0.7152f, 0.0722f)));
}
